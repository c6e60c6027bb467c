import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from './theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** The router with the routes: the browser's in the app, a static one when prerendering. */
  children: ReactNode;
}

/** Query client, theme and baseline CSS: the same tree in the browser and in the prerenderer, so hydration matches. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
