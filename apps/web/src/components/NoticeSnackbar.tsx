import Snackbar from '@mui/material/Snackbar';

/** A short confirmation ("saved") shown for 3 s just above the bottom navigation; nothing while `notice` is null. */
export function NoticeSnackbar({ notice, onClose }: { notice: string | null; onClose: () => void }) {
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={3000}
      onClose={onClose}
      message={notice}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 80, sm: 88 } }}
    />
  );
}
