import { type OperatorFacility, SetPromptPayBody } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Outcome } from './Outcome';
import { useSetPromptPay, useVerifyPromptPay } from './operator.queries';
import { useOperatorTexts } from './operator.texts';
import { useFacilityAction } from './use-facility-action';

/**
 * The account deposits are paid to: an id entered is shown back as the QR a patient would scan; the operator scans it
 * with a banking app, checks the account's name is the facility's, and only then verifies it.
 */
export function PromptPaySection({ facility }: { facility: OperatorFacility }) {
  const { t } = useOperatorTexts();
  const enter = useSetPromptPay(facility.id);
  const verify = useVerifyPromptPay(facility.id);
  const { outcome, run, fail } = useFacilityAction();
  const [id, setId] = useState('');
  const pending = facility.promptPayPending;

  const submit = () => {
    const body = SetPromptPayBody.safeParse({ promptPayId: id });
    if (!body.success) return fail(t('promptPay.invalid'));
    return run(async () => {
      await enter.mutateAsync(body.data);
      setId('');
    }, t('promptPay.entered'));
  };

  return (
    <Stack spacing={2}>
      <Typography>
        {facility.promptPayId ? t('promptPay.verified', { id: facility.promptPayId }) : t('promptPay.none')}
      </Typography>
      {pending ? (
        <Alert severity="info" icon={false} role="note">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
            <Box sx={{ bgcolor: 'common.white', p: 1.5, lineHeight: 0 }}>
              <QRCodeSVG value={pending.qrPayload} size={180} title={t('promptPay.qrLabel', { id: pending.id })} />
            </Box>
            <Stack spacing={1.5}>
              <Typography sx={{ fontWeight: 600 }}>{t('promptPay.pending', { id: pending.id })}</Typography>
              <Typography>{t('promptPay.howToVerify')}</Typography>
              <Button
                variant="contained"
                loading={verify.isPending}
                onClick={() => void run(() => verify.mutateAsync({ promptPayId: pending.id }), t('promptPay.done'))}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('promptPay.verify')}
              </Button>
            </Stack>
          </Stack>
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id="op-promptpay"
          label={t('promptPay.id')}
          helperText={t('promptPay.idHint')}
          value={id}
          onChange={(e) => setId(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        />
        <Button
          variant="outlined"
          loading={enter.isPending}
          onClick={() => void submit()}
          sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('promptPay.showQr')}
        </Button>
      </Stack>
      <Outcome outcome={outcome} />
    </Stack>
  );
}
