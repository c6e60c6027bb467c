import type { Appointment } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
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
  /** Awaiting its deposit: once paid, the screen showing this step moves on to the booked appointment. */
  appointment: Appointment;
  /** Asks the server again whether the deposit has arrived. */
  onConfirm: () => void;
  onChooseAgain: () => void;
}

/**
 * Step 3: the deposit as a PromptPay QR, with the time left to pay it, and the ways to pay it from the phone that
 * shows it (save the QR for the banking app's scan-from-gallery, or copy the account and amount). It stays until the
 * deposit has arrived; confirming before then asks again and, while it has not arrived, says what is missing.
 */
export function DepositStep({ appointment, onConfirm, onChooseAgain }: DepositStepProps) {
  const { t, i18n } = useBookingTexts();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const simulate = useSimulatePayment();
  const patient = usePatientScope();
  const { deposit } = appointment;
  const secondsLeft = useSecondsUntil(deposit.expiresAt);
  const expired = appointment.status === 'expired' || secondsLeft === 0;
  // Each early confirm: the count, so that every tap brings the explanation into sight again.
  const [earlyConfirms, setEarlyConfirms] = useState(0);
  const notYet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (earlyConfirms > 0) notYet.current?.scrollIntoView?.({ block: 'nearest' });
  }, [earlyConfirms]);
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
      <Typography role="timer" aria-live="off" sx={{ textAlign: 'center' }}>
        {t('deposit.timeLeft', { time: formatCountdown(secondsLeft) })}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('deposit.movesOn')}
      </Typography>
      <PayFromThisPhone appointment={appointment} qrCanvas={qrCanvas} />
      {config.data?.devPayments ? (
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
      {earlyConfirms > 0 ? (
        // At the step's end, just above the button, brought into sight: the action bar keeps to the button alone, so
        // at large text it never pushes the button off the card.
        <Alert severity="warning" role="alert" ref={notYet}>
          {t('deposit.notYet', { amount: formatBaht(deposit.amount, i18n.language) })}
        </Alert>
      ) : null}
      <StickyAction>
        <Button
          variant="contained"
          size="large"
          onClick={() => {
            setEarlyConfirms((n) => n + 1);
            onConfirm();
          }}
        >
          {t('confirm')}
        </Button>
      </StickyAction>
    </Stack>
  );
}
