import type { Appointment } from '@klaimor/contracts';
import DirectionsIcon from '@mui/icons-material/Directions';
import EventIcon from '@mui/icons-material/Event';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTimeRange } from '../../lib/clock-time';
import { saveFile } from '../../lib/save-file';
import { appointmentCalendar } from './appointment-calendar';
import { useAppointmentsTexts } from './appointments.texts';
import { writtenLanguage } from '../../lib/written-language';
import { directionsUrl } from '../../lib/directions';

/** The facility's address as one line, as the directory holds it. */
export function addressOf(hospital: Appointment['hospital']): string {
  return [hospital.address, hospital.subdistrict, hospital.district, hospital.province, hospital.postcode]
    .filter(Boolean)
    .join(' ');
}

/** For an appointment still ahead: where to go, how to get there, what to bring, and a calendar entry. */
export function VisitGuide({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useAppointmentsTexts();
  const { hospital } = appointment;
  const name = i18n.language === 'en' ? hospital.nameEn : hospital.nameTh;
  const address = addressOf(hospital);

  const addToCalendar = () => {
    const ics = appointmentCalendar(appointment, {
      summary: t('calendar.summary', { hospital: name }),
      description: t('calendar.description', {
        reference: appointment.reference,
        doctor: appointment.doctor,
        time: formatTimeRange(appointment.start, appointment.end, i18n.language),
      }),
      location: [name, address].filter(Boolean).join(' '),
      reminder: t('calendar.reminder', { hospital: name }),
    });
    saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), `klaimor-${appointment.reference}.ics`);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('guide.title')}
          </Typography>
          {address ? <Typography lang={writtenLanguage(address)}>{address}</Typography> : null}
          <Button
            component="a"
            href={directionsUrl(hospital)}
            target="_blank"
            rel="noopener"
            variant="outlined"
            startIcon={<DirectionsIcon aria-hidden />}
          >
            {t('guide.directions')}
          </Button>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {t('guide.bring')}
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 3 }}>
            {(['idCard', 'medicines', 'coverage', 'reference'] as const).map((item) => (
              <Typography component="li" key={item}>
                {t(`guide.items.${item}`, { reference: appointment.reference })}
              </Typography>
            ))}
          </Stack>
          <Button variant="outlined" startIcon={<EventIcon aria-hidden />} onClick={addToCalendar}>
            {t('guide.calendar')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
