import type { Appointment, QueuePlace } from '@klaimor/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PhoneIcon from '@mui/icons-material/Phone';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailList } from '../../components/DetailList';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { formatBaht, formatDayOf, formatTimeRange } from '../../lib/clock-time';
import { isApiError } from '../../api/client';
import { isUnreachable } from '../../session/device-copy';
import { DepositStep } from '../booking/DepositStep';
import { CancelAppointmentDialog } from './CancelAppointmentDialog';
import { DepositReceipt } from './DepositReceipt';
import { OtherTimes } from './OtherTimes';
import { VisitGuide } from './VisitGuide';
import { depositFate, isCancellable, isUpcoming, statusColor } from '../../lib/appointment-rules';
import { useAppointment } from '../../session/appointment-queries';
import { useListedAppointment } from './appointments.queries';
import { useAppointmentsTexts } from './appointments.texts';
import { BookingFor } from '../../session/BookingFor';
import { PersonGate } from '../../session/PersonGate';
import { useWhoseHeading } from '../../session/use-whose-heading';

/**
 * One appointment: where, when, with whom, the deposit (its receipt once paid), and cancelling it; once seen, the way to
 * what was recorded; cancelled by the hospital, other free times.
 */
export function AppointmentPage() {
  return (
    <PersonGate area="appointments">
      <AppointmentScreen />
    </PersonGate>
  );
}

function AppointmentScreen() {
  const { t } = useAppointmentsTexts();
  const whose = useWhoseHeading();
  const { id = '' } = useParams();
  const appointment = useAppointment(id, true);
  const listed = useListedAppointment(id);
  // Offline, the copy from the last sync: this appointment's own, else as the list had it (one never opened here).
  const shown = isApiError(appointment.error, 'not_found')
    ? undefined
    : (appointment.data ?? (isUnreachable(appointment.error) ? listed : undefined));

  let body;
  if (appointment.isPending) body = <LoadingState />;
  else if (shown) body = <AppointmentDetail appointment={shown} onRefresh={() => void appointment.refetch()} />;
  else {
    body = isApiError(appointment.error, 'not_found') ? (
      <Alert severity="warning">{t('detail.notFound')}</Alert>
    ) : (
      <ErrorState onRetry={() => void appointment.refetch()} />
    );
  }

  return (
    <Stack spacing={2}>
      <Button component={Link} to="/myhealth" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('detail.back')}
      </Button>
      <PageTitle>{whose(t, 'detail.title')}</PageTitle>
      <BookingFor />
      {body}
    </Stack>
  );
}

function AppointmentDetail({ appointment, onRefresh }: { appointment: Appointment; onRefresh: () => void }) {
  const { t, i18n } = useAppointmentsTexts();
  const navigate = useNavigate();
  const [cancelAskedAt, setCancelAskedAt] = useState<number | null>(null);
  const [openedAt] = useState(() => Date.now());
  const lang = i18n.language;
  const { deposit, hospital } = appointment;
  const amount = formatBaht(deposit.amount, lang);
  const fate = depositFate(appointment);
  let depositText;
  if (deposit.atDesk === 'waived') depositText = t('detail.depositWaived');
  else if (deposit.amount === 0) depositText = t('detail.depositNone');
  else if (!deposit.paidAt) depositText = t('detail.depositUnpaid', { amount });
  else depositText = t(deposit.atDesk === 'paid' ? 'detail.depositPaidAtDesk' : 'detail.depositPaid', { amount });

  return (
    <Stack spacing={2}>
      {appointment.cancellation?.by === 'hospital' ? (
        <Alert severity="warning" role="status">
          {t('detail.cancelledByHospital', { reason: appointment.cancellation.reason })}
        </Alert>
      ) : null}
      {appointment.status === 'completed' ? (
        <Button
          component={Link}
          to={`/history?visit=${encodeURIComponent(appointment.id)}`}
          variant="contained"
          endIcon={<ChevronRightIcon />}
          sx={{ minHeight: 44, alignSelf: 'flex-start' }}
        >
          {t('detail.openVisit')}
        </Button>
      ) : null}
      {appointment.queue ? (
        <QueueCard
          queue={appointment.queue}
          clinic={lang === 'en' ? appointment.clinic.nameEn : appointment.clinic.nameTh}
          withDoctor={appointment.status === 'in_consultation'}
        />
      ) : null}
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Chip
              color={statusColor(appointment.status)}
              label={t(`status.${appointment.status}`)}
              sx={{ alignSelf: 'flex-start' }}
            />
            <DetailList
              rows={[
                { label: t('detail.reference'), value: appointment.reference },
                { label: t('detail.hospital'), value: lang === 'en' ? hospital.nameEn : hospital.nameTh },
                {
                  label: t('detail.when'),
                  value: `${formatDayOf(appointment.start, lang)} ${formatTimeRange(appointment.start, appointment.end, lang)}`,
                },
                {
                  label: t('detail.clinic'),
                  value: lang === 'en' ? appointment.clinic.nameEn : appointment.clinic.nameTh,
                },
                { label: t('detail.doctor'), value: appointment.doctor },
                { label: t('detail.symptoms'), value: appointment.symptoms },
                { label: t('detail.duration'), value: appointment.duration },
                { label: t('detail.deposit'), value: depositText },
              ]}
            />
            {hospital.phone ? (
              <Button component="a" href={`tel:${hospital.phone}`} variant="outlined" startIcon={<PhoneIcon />}>
                {t('detail.call')}
              </Button>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      {appointment.status !== 'awaiting_deposit' && isUpcoming(appointment, openedAt) ? (
        <VisitGuide appointment={appointment} />
      ) : null}
      {appointment.cancellation?.by === 'hospital' ? <OtherTimes appointment={appointment} /> : null}
      {deposit.paidAt && deposit.amount > 0 ? (
        <DepositReceipt appointment={{ ...appointment, deposit: { ...deposit, paidAt: deposit.paidAt } }} />
      ) : null}
      {fate ? (
        <Alert severity={fate === 'refunded' ? 'success' : 'info'} role="status">
          {t(fate === 'pending' && deposit.atDesk === 'paid' ? 'refund.pendingAtDesk' : `refund.${fate}`, { amount })}
        </Alert>
      ) : null}
      {appointment.status === 'awaiting_deposit' ? (
        <DepositStep appointment={appointment} onConfirm={onRefresh} onChooseAgain={() => void navigate('/map')} />
      ) : null}
      {isCancellable(appointment) ? (
        <Button color="error" variant="outlined" onClick={() => setCancelAskedAt(Date.now())}>
          {t('cancel.button')}
        </Button>
      ) : null}
      <CancelAppointmentDialog
        appointment={appointment}
        askedAt={cancelAskedAt}
        onClose={() => setCancelAskedAt(null)}
      />
    </Stack>
  );
}

/** The patient's place in today's queue, large enough to read across a waiting room; it updates itself. */
function QueueCard({ queue, clinic, withDoctor }: { queue: QueuePlace; clinic: string; withDoctor: boolean }) {
  const { t } = useAppointmentsTexts();
  let where;
  if (withDoctor) where = t('detail.queueNow');
  else if (queue.ahead === 0) where = t('detail.queueNext');
  else where = t('detail.queueAhead', { count: queue.ahead });
  return (
    <Card variant="outlined" sx={{ borderColor: 'primary.main', borderWidth: 2 }}>
      <CardContent>
        <Stack spacing={0.5} aria-live="polite" sx={{ textAlign: 'center' }}>
          <Typography component="p" sx={{ fontSize: 40, fontWeight: 700, lineHeight: 1.2 }}>
            {t('detail.queue', { number: queue.label })}
          </Typography>
          <Typography component="p" sx={{ fontSize: 18 }}>
            {clinic}
          </Typography>
          <Typography component="p" sx={{ fontSize: 22, fontWeight: 600 }}>
            {where}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('detail.queueLive')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
