import type { Appointment } from '@klaimor/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { formatDayOf, formatTimeRange } from '../../lib/clock-time';
import { StickyAction } from './StickyAction';
import { useBookingTexts } from './booking.texts';

export interface AppointmentStatusStepProps {
  appointment: Appointment;
  onChooseAgain: () => void;
}

const STANDING = new Set<Appointment['status']>(['booked', 'checked_in', 'in_consultation', 'completed']);

/** Step 4, once the deposit has arrived (or the hold ended): the booked appointment and the way to its page. */
export function AppointmentStatusStep({ appointment, onChooseAgain }: AppointmentStatusStepProps) {
  const { t, i18n } = useBookingTexts();

  // A booking that stands, whatever the hospital has done with it since (checked in, seen, done).
  if (STANDING.has(appointment.status)) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 72 }} aria-hidden />
        <Typography variant="h6" component="p" role="status" sx={{ fontWeight: 700 }}>
          {t('status.booked')}
        </Typography>
        {appointment.deposit.paidAt ? <Typography>{t('deposit.paid')}</Typography> : null}
        <Typography sx={{ fontWeight: 600 }}>{formatDayOf(appointment.start, i18n.language)}</Typography>
        <Typography>{formatTimeRange(appointment.start, appointment.end, i18n.language)}</Typography>
        <Typography>{appointment.doctor}</Typography>
        <Typography color="text.secondary">
          {i18n.language === 'en' ? appointment.hospital.nameEn : appointment.hospital.nameTh}
        </Typography>
        <StickyAction>
          <Button component={Link} to={`/appointments/${appointment.id}`} variant="contained" size="large">
            {t('status.view')}
          </Button>
        </StickyAction>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t(appointment.status === 'expired' ? 'deposit.expired' : 'status.cancelled')}</Alert>
      <Button variant="contained" onClick={onChooseAgain}>
        {t('chooseAgain')}
      </Button>
    </Stack>
  );
}
