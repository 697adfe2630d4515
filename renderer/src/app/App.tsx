import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { AgeGate } from '../features/age-gate/AgeGate.tsx';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { theme } from '../theme/theme.ts';
import { ToastProvider } from '../ui/toast/index.ts';
import { createAppRouter } from './routes.tsx';

// One router for the page's lifetime (created once, not per render or per StrictMode pass).
const router = createAppRouter();

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ToastProvider>
        <AgeGate>
          <RouterProvider router={router} />
        </AgeGate>
      </ToastProvider>
    </ThemeProvider>
  );
}
