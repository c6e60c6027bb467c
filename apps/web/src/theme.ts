import { createTheme } from '@mui/material/styles';

const PRIMARY = '#6AA6FF';
/** #6AA6FF is too light for text on white; text-coloured primaries use this darker shade. */
const PRIMARY_TEXT = '#1F5FBF';
/** Hover/pressed shade of a filled primary button: still readable with the dark label. */
const PRIMARY_DARK = '#3D82E8';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY, dark: PRIMARY_DARK, contrastText: '#0B1F3A' },
    background: { default: '#F5F8FC' },
  },
  typography: {
    fontFamily: '"Prompt", "Noto Sans Thai", "Sukhumvit Set", system-ui, sans-serif',
    button: { textTransform: 'none', fontWeight: 500 },
  },
  shape: { borderRadius: 12 },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          minHeight: 44,
          variants: [
            { props: { variant: 'text', color: 'primary' }, style: { color: PRIMARY_TEXT } },
            { props: { variant: 'outlined', color: 'primary' }, style: { color: PRIMARY_TEXT } },
          ],
        },
      },
    },
    MuiLink: { defaultProps: { color: PRIMARY_TEXT } },
    MuiBottomNavigationAction: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '&.Mui-selected': { color: PRIMARY_TEXT },
          '& .MuiBottomNavigationAction-label.Mui-selected': { fontSize: '0.8rem', fontWeight: 600 },
        },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
