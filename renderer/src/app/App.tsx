import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { AgeGate } from '../features/age-gate/AgeGate.tsx';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { theme } from '../theme/theme.ts';
import { IdScope } from '../ui/ids.tsx';
import { ToastProvider } from '../ui/toast/index.ts';
import { AppRoutes } from './routes.tsx';

/**
 * Everything around the router: the browser gives it the address bar's router, the build's
 * pre-rendering (src/prerender) a router fixed at one path. The two trees must stay the same
 * shape, or hydration would not match what was pre-rendered.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <IdScope>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <ToastProvider>
          <AgeGate>{children}</AgeGate>
        </ToastProvider>
      </ThemeProvider>
    </IdScope>
  );
}

export function App() {
  return (
    <AppFrame>
      {/* Without transitions, a page whose code is still loading shows the loading state
          (progress bar, announced) instead of leaving the previous page up unannounced. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
