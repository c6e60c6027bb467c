import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { theme } from '../theme';

export interface RenderOptions {
  route?: InitialEntry;
  queryClient?: QueryClient;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders with the app's providers: query client, theme, and a router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = testQueryClient() }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  // Stop the client's timers with the test, so nothing fetches after fetch is unstubbed.
  onTestFinished(() => queryClient.clear());
  return { ...result, queryClient };
}

type Handler = (init: RequestInit & { url: string }) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * Stubs fetch with a table of 'METHOD /path' handlers (query strings ignored);
 * anything else answers 404. Returns the mock to inspect the calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const handler = handlers[`${(init.method ?? 'GET').toUpperCase()} ${path}`];
    return handler ? handler({ ...init, url }) : json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
