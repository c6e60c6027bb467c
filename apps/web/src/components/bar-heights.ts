// The heights of the app bar and the tab bar, kept in CSS variables by the bars themselves (useHeightVariable): what
// the pages keep clear of, however large the text or whatever notice a bar holds. A module of its own, so a page can
// read them without importing the shell.

export const APP_BAR_VARIABLE = '--klaimor-app-bar';
export const BOTTOM_NAV_VARIABLE = '--klaimor-bottom-nav';

/** Where a full-screen page starts: below the app bar (56 px, 64 px from the `sm` width, until it is measured). */
export const APP_BAR_HEIGHT = { xs: `var(${APP_BAR_VARIABLE}, 56px)`, sm: `var(${APP_BAR_VARIABLE}, 64px)` } as const;

/** What a page keeps clear at its bottom edge. */
export const BOTTOM_NAV_HEIGHT = `var(${BOTTOM_NAV_VARIABLE}, calc(56px + env(safe-area-inset-bottom)))`;
