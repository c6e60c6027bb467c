import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Every navigation to another screen opens it at its top: without this the browser keeps the scroll of the screen
 * left, and a link from low on one screen opened the next with its heading under the app bar. Going back or forward
 * (a POP) is left to the browser, which restores where that screen was; a change of the same screen's search or hash
 * (a filter, a chosen tab) keeps its place.
 */
export function ScrollToTopOnNavigate(): null {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
