import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The form; it mounts afresh each time the dialog opens. */
  children: ReactNode;
  /** Room for a form with something to read beside it (a desktop's width); a phone's whole screen all the same. */
  wide?: boolean;
}

/** A record's add/edit form: the whole screen on a phone, a dialog on anything wider. */
export function FormDialog({ open, title, onClose, children, wide = false }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth={wide ? 'lg' : 'sm'}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
        <IconButton aria-label={t('common.cancel')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {/* On a phone the page's own margins, so labels at large text sizes have the page's width. */}
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}
