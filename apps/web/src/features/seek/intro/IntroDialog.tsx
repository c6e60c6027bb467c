import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useIntroTexts } from './intro.texts';

/** The folded intro's three lines, read whole over the map; "got it" puts the intro away for good. */
export function IntroDialog({ onDismiss, onClose }: { onDismiss: () => void; onClose: () => void }) {
  const { t } = useIntroTexts();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      // Narrow margins: at 200% text on a small phone the three lines then fit without scrolling.
      sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}
    >
      <DialogTitle id={titleId} sx={{ px: 2 }}>
        {t('title')}
      </DialogTitle>
      {/* Focusable: should the lines still scroll (a yet larger text), a keyboard must be able to scroll them. */}
      <DialogContent tabIndex={0} sx={{ px: 2 }}>
        <Typography sx={{ mb: 1 }}>{t('deposit')}</Typography>
        <Typography>{t('refund')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" onClick={onDismiss}>
          {t('dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
