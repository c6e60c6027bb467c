import type { Appointment } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { apiErrorMessage, errorCodeMessage } from '../../lib/error-messages';
import { useAppConfig } from '../../session/app-config';
import { formatBaht, formatDayOf, formatTimeRange } from '../../lib/clock-time';
import { formatCountdown } from './booking-format';
import { PayFromThisPhone } from './PayFromThisPhone';
import { StickyAction } from './StickyAction';
import { appointmentKeys } from '../../session/appointment-queries';
import { useSimulatePayment } from './booking.queries';
import { usePatientScope } from '../../session/patient-scope';
import { useSecondsUntil } from './use-seconds-until';
import { useBookingTexts } from './booking.texts';

export interface DepositStepProps {
  appointment: Appointment;
  onConfirm: () => void;
  onChooseAgain: () => void;
}

/**
 * Step 3: the deposit as a PromptPay QR, with the time left to pay it, and the ways to pay it from the phone that
 * shows it (save the QR for the banking app's scan-from-gallery, or copy the account and amount).
 */
export function DepositStep({ appointment, onConfirm, onChooseAgain }: DepositStepProps) {
  const { t, i18n } = useBookingTexts();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const simulate = useSimulatePayment();
  const patient = usePatientScope();
  const { deposit } = appointment;
  const secondsLeft = useSecondsUntil(deposit.expiresAt);
  const paid = deposit.paidAt !== null || appointment.status === 'booked';
  const expired = appointment.status === 'expired' || (!paid && secondsLeft === 0);
  const qrLabel = t('deposit.qrLabel', { amount: formatBaht(deposit.amount, i18n.language) });
  const qrCanvas = useRef<HTMLCanvasElement>(null);

  if (expired) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t('deposit.expired')}</Alert>
        <Button variant="contained" onClick={onChooseAgain}>
          {t('chooseAgain')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
      <Typography sx={{ fontWeight: 600 }}>{t('deposit.message')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDayOf(appointment.start, i18n.language)}{' '}
        {formatTimeRange(appointment.start, appointment.end, i18n.language)} · {appointment.doctor}
      </Typography>
      <Typography variant="h4" component="p" sx={{ textAlign: 'center', fontWeight: 700 }}>
        {formatBaht(deposit.amount, i18n.language)}
      </Typography>
      <Box sx={{ display: 'grid', placeItems: 'center' }}>
        {deposit.promptpayPayload ? (
          <QRCodeCanvas
            ref={qrCanvas}
            value={deposit.promptpayPayload}
            size={220}
            marginSize={4}
            role="img"
            aria-label={qrLabel}
            title={qrLabel}
          />
        ) : deposit.qrImageUrl ? (
          <img src={deposit.qrImageUrl} alt={qrLabel} width={200} height={200} />
        ) : (
          <Alert severity="error">{errorCodeMessage(t, 'payment_unavailable')}</Alert>
        )}
      </Box>
      {paid ? (
        <Alert severity="success">{t('deposit.paid')}</Alert>
      ) : (
        <>
          <Typography role="timer" aria-live="off" sx={{ textAlign: 'center' }}>
            {t('deposit.timeLeft', { time: formatCountdown(secondsLeft) })}
          </Typography>
          <PayFromThisPhone appointment={appointment} qrCanvas={qrCanvas} />
        </>
      )}
      {config.data?.devPayments && !paid ? (
        <Box sx={{ border: 1, borderStyle: 'dashed', borderColor: 'warning.main', borderRadius: 2, p: 1.5 }}>
          <Button
            fullWidth
            variant="outlined"
            color="warning"
            disabled={simulate.isPending}
            onClick={() =>
              simulate.mutate(appointment.id, {
                onSuccess: () =>
                  queryClient.invalidateQueries({ queryKey: appointmentKeys.one(patient.id, appointment.id) }),
              })
            }
          >
            {t('deposit.simulate')}
          </Button>
          {simulate.isError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {apiErrorMessage(t, simulate.error)}
            </Alert>
          ) : null}
        </Box>
      ) : null}
      <StickyAction>
        <Button variant="contained" size="large" onClick={onConfirm}>
          {t('confirm')}
        </Button>
      </StickyAction>
    </Stack>
  );
}
