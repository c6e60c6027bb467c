import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import '../i18n';

configure({ asyncUtilTimeout: 5000 });

// happy-dom computes no `display` for an element without styles, where a browser gives a span `inline`; an accessible
// name puts a space around each child that is not inline, so a name marked as Thai inside a heading ("สุขภาพของคุณ
// <span lang="th">ต้นกล้า</span>") would read "สุขภาพของคุณ ต้นกล้า" here and "สุขภาพของคุณต้นกล้า" to a screen reader.
// (Not in the files that render on the server, which run without a window.)
if (typeof window !== 'undefined') {
  const INLINE = new Set(['SPAN', 'A', 'B', 'I', 'EM', 'STRONG', 'SMALL', 'ABBR', 'CODE', 'BDI', 'TIME']);
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    const style = computedStyle(element, pseudo);
    if (pseudo || style.display !== '' || !INLINE.has(element.tagName)) return style;
    return new Proxy(style, {
      get: (target, key) => {
        if (key === 'display') return 'inline';
        if (key === 'getPropertyValue')
          return (name: string) => (name === 'display' ? 'inline' : target.getPropertyValue(name));
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
}

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
