import { createTheme } from '@mui/material/styles';

// Every text colour below reads at 4.5:1 or more on the background it is drawn on (WCAG 2.1 AA);
// the ratios are noted beside each.

/** The brand blue: app bar, filled buttons and chips, with NAVY text on it (6.7:1). Too light for text itself (2.5:1 on white). */
const PRIMARY = '#6AA6FF';
/** Text on PRIMARY and its hover shade. */
const NAVY = '#0B1F3A';
/**
 * The blue of text, icons and focus rings: links, text buttons, a focused field's label, the day badges on
 * their light blue tint. 6.1:1 on white, 5.7:1 on the page background, 5.4:1 on the badge tint.
 */
const PRIMARY_DARK = '#1F5FBF';
/** A filled primary button or chip under the pointer: a step darker than PRIMARY, NAVY still 5.4:1 on it. */
const PRIMARY_HOVER = '#4F93F5';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY, dark: PRIMARY_DARK, contrastText: NAVY },
    // White text on the filled alerts and chips of these colours, and the colours as text on white:
    // info 4.8:1, warning 5.0:1 (its dark shade 7.1:1), error 5.0:1, success 5.1:1.
    info: { main: '#0277BD' },
    warning: { main: '#B45309', dark: '#92400E' },
    // Automatic text colours on a palette colour (getContrastText) are white only from 4.5:1, else dark.
    contrastThreshold: 4.5,
    background: { default: '#F5F8FC' },
  },
  // Sized for a reader with presbyopia: running text 16 px, nothing under 14 px (e2e/readable-text.spec.ts).
  typography: {
    fontFamily: '"Prompt", "Noto Sans Thai", "Sukhumvit Set", system-ui, sans-serif',
    button: { textTransform: 'none', fontWeight: 500 },
    body2: { fontSize: '1rem' },
    caption: { fontSize: '0.875rem' },
  },
  shape: { borderRadius: 12 },
  components: {
    MuiButton: {
      // A steady outline marks the keyboard focus: easier to see than MUI's faint pulsing ripple, whose
      // circle, wider than the button, contrast checkers also take for the background of the buttons around it.
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: {
        root: {
          minHeight: 44,
          '&.MuiButton-sizeSmall': { fontSize: '0.875rem' },
          '&.Mui-focusVisible': { outline: `3px solid ${PRIMARY_DARK}`, outlineOffset: 2 },
          variants: [
            { props: { variant: 'text', color: 'primary' }, style: { color: PRIMARY_DARK } },
            { props: { variant: 'outlined', color: 'primary' }, style: { color: PRIMARY_DARK } },
            {
              props: { variant: 'contained', color: 'primary' },
              style: { '@media (hover: hover)': { '&:hover': { '--variant-containedBg': PRIMARY_HOVER } } },
            },
          ],
        },
      },
    },
    // MUI's small toggle buttons are 13 px: 14 px, like the small buttons.
    MuiToggleButton: { styleOverrides: { sizeSmall: { fontSize: '0.875rem' } } },
    MuiChip: {
      styleOverrides: {
        // A chip grows with its text and wraps a long label, so at 200% text chips never draw over each other.
        label: { whiteSpace: 'normal', paddingTop: 2, paddingBottom: 2 },
        root: {
          height: 'auto',
          minHeight: 24,
          fontSize: '0.875rem',
          variants: [
            { props: { size: 'medium' }, style: { minHeight: 32 } },
            {
              props: { variant: 'filled', color: 'primary', clickable: true },
              style: { '&:hover, &.Mui-focusVisible': { backgroundColor: PRIMARY_HOVER } },
            },
            { props: { clickable: true }, style: { minHeight: 44 } },
          ],
        },
      },
    },
    MuiFormLabel: {
      styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: PRIMARY_DARK } } },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: PRIMARY_DARK } },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // A field's hint or error is a sentence: running text's size.
    MuiFormHelperText: { styleOverrides: { root: { fontSize: '1rem' } } },
    // A ticked box or chosen radio shows its state by its colour: PRIMARY is 2.5:1 on white, under the 3:1 a
    // control's state needs (WCAG 1.4.11); PRIMARY_DARK is 6.1:1. Guarded by theme.test.tsx.
    // Touch targets of 44x44 at least (WCAG 2.5.5): e2e/support/patient.ts checks every phone screen shot.
    MuiCheckbox: { styleOverrides: { root: { padding: 10, '&.Mui-checked': { color: PRIMARY_DARK } } } },
    MuiRadio: { styleOverrides: { root: { padding: 10, '&.Mui-checked': { color: PRIMARY_DARK } } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiFormControlLabel: { styleOverrides: { root: { minHeight: 44 } } },
    MuiLink: { defaultProps: { color: PRIMARY_DARK }, styleOverrides: { button: { minHeight: 44 } } },
  },
});
