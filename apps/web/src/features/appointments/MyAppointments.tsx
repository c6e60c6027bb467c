import type { Appointment } from '@klaimor/contracts';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import MapIcon from '@mui/icons-material/Map';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { formatDayOf, formatTimeRange } from '../../lib/clock-time';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { AppointmentListItem } from './AppointmentListItem';
import { isCancelledByHospitalAhead, isUpcoming } from '../../lib/appointment-rules';
import { useAppointments } from './appointments.queries';
import { useAppointmentsTexts } from './appointments.texts';
import { useWhoseHeading } from '../../session/use-whose-heading';

/** The home screen's "My appointments": upcoming ones, and the past or cancelled ones on request. */
export function MyAppointments() {
  const { t } = useAppointmentsTexts();
  const whose = useWhoseHeading();
  const appointments = useAppointments();
  const [showPast, setShowPast] = useState(false);

  let body;
  if (appointments.isPending) body = <LoadingState />;
  else if (appointments.data === undefined)
    body = <ErrorState message={t('loadFailed')} onRetry={() => void appointments.refetch()} />;
  else {
    // "Now" is when the list arrived, so a re-render never reshuffles it.
    const now = appointments.dataUpdatedAt;
    const upcoming = appointments.data.filter((a) => isUpcoming(a, now));
    const past = appointments.data.filter((a) => !isUpcoming(a, now));
    const cancelledByHospital = appointments.data.filter((a) => isCancelledByHospitalAhead(a, now));
    body = (
      <Stack spacing={1.5}>
        {cancelledByHospital.map((a) => (
          <HospitalCancelledNotice key={a.id} appointment={a} />
        ))}
        {upcoming.length === 0 ? (
          <EmptyState
            icon={<EventBusyIcon />}
            title={t('emptyTitle')}
            description={t('emptyBody')}
            action={
              <Button component={Link} to="/map" variant="outlined" startIcon={<MapIcon />}>
                {t('findHospital')}
              </Button>
            }
          />
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {upcoming.map((a) => (
              <AppointmentListItem key={a.id} appointment={a} />
            ))}
          </Stack>
        )}
        {past.length > 0 ? (
          <Button onClick={() => setShowPast((v) => !v)} aria-expanded={showPast} sx={{ alignSelf: 'flex-start' }}>
            {showPast ? t('hidePast') : t('past', { count: past.length })}
          </Button>
        ) : null}
        {showPast ? (
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {past.map((a) => (
              <AppointmentListItem key={a.id} appointment={a} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby="appointments-heading">
      <Typography id="appointments-heading" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        {whose(t, 'title')}
      </Typography>
      {body}
    </Box>
  );
}

/** A hospital cancelled an appointment still ahead: said before the list, so the patient does not set out for it. */
function HospitalCancelledNotice({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useAppointmentsTexts();
  const lang = i18n.language;
  return (
    <Alert severity="warning" role="status">
      {t('hospitalCancelled.notice', {
        hospital: lang === 'en' ? appointment.hospital.nameEn : appointment.hospital.nameTh,
        day: formatDayOf(appointment.start, lang),
        time: formatTimeRange(appointment.start, appointment.end, lang),
        reason: appointment.cancellation?.reason ?? '',
      })}
      <Box sx={{ mt: 1 }}>
        <Button component={Link} to={`/appointments/${appointment.id}`} color="inherit" variant="outlined" size="small">
          {t('hospitalCancelled.open')}
        </Button>
      </Box>
    </Alert>
  );
}
