import Typography from '@mui/material/Typography';

/**
 * "Your booking at … is waiting", on the sign-in and register pages opened from the booking card. Plain type in a tinted
 * box: those pages are first screens, where every kilobyte counts.
 */
export function BookingReturnNote({ children }: { children: string }) {
  return (
    <Typography
      sx={{
        px: 2,
        py: 1.5,
        borderRadius: 2,
        borderLeft: 6,
        borderColor: 'primary.main',
        bgcolor: 'rgba(106,166,255,0.15)',
      }}
    >
      {children}
    </Typography>
  );
}
