import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import '../i18n';

configure({ asyncUtilTimeout: 5000 });

// No test talks to a real server: an unexpected request fails loudly instead of
// trying localhost. Tests stub fetch with vi.stubGlobal; unstubbing returns here.
globalThis.fetch = (input: RequestInfo | URL) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const error = new Error(`Unexpected network request in test "${expect.getState().currentTestName}": ${url}`);
  console.error(error.message);
  return Promise.reject(error);
};

afterEach(() => {
  cleanup();
  // What a test left on the "device" (the offline copy, queued ticks, the language) never reaches the next one.
  globalThis.localStorage?.clear();
});
