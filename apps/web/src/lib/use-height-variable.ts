import { type RefObject, useEffect } from 'react';

/**
 * Keeps a CSS variable on the document equal to an element's height in pixels, as it grows (large text, a notice
 * inside it): what the pages keep clear of the app bar and the tab bar. Removed when the element goes.
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, variable: `--${string}`): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(variable, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
