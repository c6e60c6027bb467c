import type { Plugin } from 'vite';

/** Leaves MUI's CSS-theme-variables code out of the build, for a theme that does not use it. */
export function muiWithoutThemeVars(): Plugin;
