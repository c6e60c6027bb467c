// MUI's createTheme and ThemeProvider import the CSS-theme-variables machinery (createThemeWithVars, the
// CssVarsProvider and its colour-scheme script) even for a theme that uses none of it: about 10 KB gzip on every
// first screen (`node scripts/bundle-size.mjs`, `npm run bench web`). This app's theme has no `cssVariables` and no
// `colorSchemes` (src/theme.test.ts checks it), so those code paths never run: the build swaps the two modules for
// stand-ins that stop the app with a clear message should a theme ever ask for them. Tests and the dev server
// (not `vite build`) use MUI unchanged.

const MESSAGE =
  'This build leaves out MUI CSS theme variables (apps/web/scripts/mui-without-theme-vars.mjs): a theme with cssVariables or colorSchemes needs them back';

/** What createTheme.mjs and ThemeProvider.mjs import, by the importer's file name and the import as written. */
const STAND_INS = {
  'createTheme.mjs': {
    './createThemeWithVars.mjs': `export default function createThemeWithVars() { throw new Error(${JSON.stringify(MESSAGE)}); }`,
  },
  'ThemeProvider.mjs': {
    './ThemeProviderWithVars.mjs': `export function CssVarsProvider() { throw new Error(${JSON.stringify(MESSAGE)}); }`,
  },
};

const PREFIX = '\0mui-without-theme-vars:';
const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]styles[\\/]([^\\/]+)$/;

/** @returns {import('vite').Plugin} */
export function muiWithoutThemeVars() {
  return {
    name: 'klaimor:mui-without-theme-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const file = importer?.match(MUI_STYLES)?.[1];
      const code = file ? STAND_INS[file]?.[source] : undefined;
      return code === undefined ? null : `${PREFIX}${file}:${source}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [file, source] = id.slice(PREFIX.length).split(':');
      return STAND_INS[file][source];
    },
  };
}
