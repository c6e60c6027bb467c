import type { StaffInvitation } from '@klaimor/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { appLanguage } from '../../../i18n/language';
import { formatDateTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';

export interface InvitationLinkDialogProps {
  /** The invitation or new link just issued; null closes the dialog, and its link is gone for good. */
  invitation: StaffInvitation | null;
  facilityName: string;
  onClose: () => void;
}

/**
 * The one-time enrolment link, shown this once to be passed on privately, with a copy button; or, for someone who
 * already had an account and simply gained roles here, that they can sign in now.
 */
export function InvitationLinkDialog({ invitation, facilityName, onClose }: InvitationLinkDialogProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const titleId = useId();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const name = invitation?.member.displayName ?? '';
  const link = invitation?.enrolmentLink ?? null;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      // no clipboard (an older browser, or permission refused): the link stays on screen to select
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };

  return (
    // Not closed by a click beside it: the link is shown once, and a stray click would lose it.
    <Dialog
      open={invitation !== null}
      onClose={(_, why) => why !== 'backdropClick' && close()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {link ? t('members.link.title', { name }) : t('members.link.enrolledTitle', { name })}
      </DialogTitle>
      <DialogContent>
        {link ? (
          <Stack spacing={2}>
            <Typography>{t('members.link.intro', { name })}</Typography>
            <TextField
              id="enrolment-link"
              label={t('members.link.label')}
              value={link}
              multiline
              onFocus={(e) => e.target.select()}
              slotProps={{
                htmlInput: {
                  readOnly: true,
                  spellCheck: false,
                  sx: { fontFamily: 'monospace', wordBreak: 'break-all' },
                },
              }}
            />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                {t('members.link.copy')}
              </Button>
              <Typography role="status" color={copied === 'failed' ? 'error' : 'success.dark'} sx={{ fontWeight: 500 }}>
                {copied === 'copied'
                  ? t('members.link.copied')
                  : copied === 'failed'
                    ? t('members.link.copyFailed')
                    : ''}
              </Typography>
            </Stack>
            <Alert severity="warning">
              <AlertTitle>{t('members.link.onceTitle')}</AlertTitle>
              {t('members.link.once', {
                date: invitation?.expiresAt ? formatDateTime(t, invitation.expiresAt, lang) : '',
              })}
            </Alert>
          </Stack>
        ) : (
          <Typography>{t('members.link.enrolled', { name, facility: facilityName })}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant={link ? 'outlined' : 'contained'} onClick={close}>
          {link ? t('members.link.done') : t('members.link.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
