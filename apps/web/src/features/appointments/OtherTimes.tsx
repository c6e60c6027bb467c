import type { AlternativeHospital, Appointment } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { formatDayOf, formatTimeRange } from '../../lib/clock-time';
import { emptyDraft, saveDraft } from '../booking/booking-draft';
import { useAppointmentAlternatives } from './appointments.queries';
import { useAppointmentsTexts } from './appointments.texts';

/**
 * After a hospital cancels: the next free times at that hospital and at the nearest others taking bookings. A tap on a
 * time opens that hospital's booking card with the time chosen and the cancelled booking's symptoms filled in, for the
 * patient to check and confirm.
 */
export function OtherTimes({ appointment }: { appointment: Appointment }) {
  const { t } = useAppointmentsTexts();
  const navigate = useNavigate();
  const alternatives = useAppointmentAlternatives(appointment.id);

  const startBooking = (hospitalId: string, slotId: string) => {
    saveDraft(hospitalId, {
      ...emptyDraft(),
      step: 'symptoms',
      symptoms: appointment.symptoms,
      duration: appointment.duration,
      slotId,
    });
    void navigate(`/map?hospital=${encodeURIComponent(hospitalId)}`);
  };

  let body;
  if (alternatives.isPending) body = <LoadingState />;
  else if (alternatives.isError) body = <ErrorState onRetry={() => void alternatives.refetch()} />;
  else {
    const { sameHospital, nearby } = alternatives.data;
    body = (
      <>
        <HospitalTimes place={sameHospital} onChoose={startBooking} />
        {nearby.length > 0 ? (
          <Typography component="h3" sx={{ fontWeight: 700, pt: 1 }}>
            {t('otherTimes.nearby')}
          </Typography>
        ) : null}
        {nearby.map((place) => (
          <HospitalTimes key={place.hospital.id} place={place} onChoose={startBooking} />
        ))}
      </>
    );
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby="other-times-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="other-times-title" component="h2" variant="h6">
            {t('otherTimes.title')}
          </Typography>
          <Typography>{t('otherTimes.intro')}</Typography>
          {body}
        </Stack>
      </CardContent>
    </Card>
  );
}

function HospitalTimes({
  place,
  onChoose,
}: {
  place: AlternativeHospital;
  onChoose: (hospitalId: string, slotId: string) => void;
}) {
  const { t, i18n } = useAppointmentsTexts();
  const lang = i18n.language;
  const name = lang === 'en' ? place.hospital.nameEn : place.hospital.nameTh;
  const km = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH', { maximumFractionDigits: 1 }).format(
    place.distanceKm,
  );
  return (
    <Stack spacing={1} component="section" aria-label={name}>
      <Typography sx={{ fontWeight: 600 }}>
        {name}
        {place.distanceKm > 0 ? (
          <Typography component="span" color="text.secondary">
            {` · ${t('otherTimes.distance', { km })}`}
          </Typography>
        ) : null}
      </Typography>
      {place.slots.length === 0 ? (
        <Typography color="text.secondary">{t('otherTimes.none')}</Typography>
      ) : (
        place.slots.map((slot) => (
          <Button
            key={slot.id}
            variant="outlined"
            onClick={() => onChoose(place.hospital.id, slot.id)}
            sx={{ minHeight: 44, justifyContent: 'flex-start', textAlign: 'left' }}
          >
            {t('otherTimes.slot', {
              day: formatDayOf(slot.start, lang),
              time: formatTimeRange(slot.start, slot.end, lang),
            })}
          </Button>
        ))
      )}
    </Stack>
  );
}
