import { CONSENT_VERSION, type PatientConsent } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { apiOne } from '../../api/client';
import { userKeys } from '../../session/current-user';
import { LegalDocument } from './LegalDocument';
import { useLegalTexts } from './legal.texts';

/**
 * Asked of a signed-in patient whose consent is to an earlier version: the new texts in full, and one way on. It
 * cannot be dismissed; signing out from My Health remains (the bar and tabs stay behind it).
 */
export function ConsentRenewalDialog() {
  const { t } = useLegalTexts();
  const titleId = useId();
  const queryClient = useQueryClient();
  const consent = useMutation({
    mutationFn: () =>
      apiOne<PatientConsent>('/api/users/me/consents', { method: 'POST', body: { version: CONSENT_VERSION } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
  return (
    <Dialog open scroll="paper" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('renewal.title')}</DialogTitle>
      {/* Focusable, so the text scrolls from the keyboard too. */}
      <DialogContent dividers tabIndex={0}>
        <Stack spacing={3}>
          <Typography sx={{ fontWeight: 600 }}>{t('renewal.body')}</Typography>
          <LegalDocument kind="terms" titleLevel="h2" />
          <Divider />
          <LegalDocument kind="privacy" titleLevel="h2" />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, p: 2 }}>
        {consent.isError ? <Alert severity="error">{t('renewal.failed')}</Alert> : null}
        <Button variant="contained" size="large" loading={consent.isPending} onClick={() => consent.mutate()}>
          {t('renewal.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
