import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { AgeGate } from '../features/age-gate/AgeGate.tsx';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { theme } from '../theme/theme.ts';
import { ToastProvider } from '../ui/toast/index.ts';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ToastProvider>
        <AgeGate>
          {/* Without transitions, a page whose code is still loading shows the loading state
              (progress bar, announced) instead of leaving the previous page up unannounced. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </AgeGate>
      </ToastProvider>
    </ThemeProvider>
  );
}
