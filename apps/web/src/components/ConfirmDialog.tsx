import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body?: string;
  confirmLabel: string;
  /** The button that leaves things as they are: "ยกเลิก" unless told (another word where the action itself cancels). */
  dismissLabel?: string;
  /** Red for what cannot be undone (delete, stop). */
  destructive?: boolean;
  busy?: boolean;
  /** Why the last try failed, already in the patient's language. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks once before something that changes the patient's records for good. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  dismissLabel,
  destructive = false,
  busy = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {body || error ? (
        // Focusable: with large text the body may scroll, and a keyboard must be able to scroll it.
        <DialogContent tabIndex={0}>
          {body ? <DialogContentText>{body}</DialogContentText> : null}
          {error ? (
            <Alert severity="error" sx={{ mt: body ? 2 : 0 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {dismissLabel ?? t('common.cancel')}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
