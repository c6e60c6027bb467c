import type { Appointment } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { dayAndMonthOf, formatTimeRange } from '../../lib/clock-time';
import { visuallyHidden } from '../../lib/visually-hidden';
import { statusColor } from '../../lib/appointment-rules';
import { useAppointmentsTexts } from './appointments.texts';
import { writtenLanguage } from '../../lib/written-language';

/**
 * One appointment as the home screen lists it: the day and month, doctor, time, hospital and status. The link's name
 * is what the card shows, after a lead-in for screen readers, so saying what is on the card (voice control) opens it.
 */
export function AppointmentListItem({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useAppointmentsTexts();
  const lang = i18n.language;
  const { day, month } = dayAndMonthOf(appointment.start, lang);
  const hospital = lang === 'en' ? appointment.hospital.nameEn : appointment.hospital.nameTh;
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={Link}
        to={`/appointments/${appointment.id}`}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start', gap: 2, p: 1.5 }}
      >
        <Box component="span" sx={visuallyHidden}>
          {t('openDetail')}
        </Box>
        <Box
          sx={{
            minWidth: 64,
            borderRadius: 2,
            bgcolor: 'rgba(106,166,255,0.15)',
            color: 'primary.dark',
            display: 'grid',
            placeContent: 'center',
            textAlign: 'center',
          }}
        >
          <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.25 }}>{day}</Typography>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {month}
          </Typography>
        </Box>
        <Stack spacing={0.25} sx={{ minWidth: 0, flex: 1 }}>
          <Typography lang={writtenLanguage(appointment.doctor)} sx={{ fontWeight: 600 }}>
            {appointment.doctor}
          </Typography>
          <Typography variant="body2">{formatTimeRange(appointment.start, appointment.end, lang)}</Typography>
          <Typography variant="body2" color="text.secondary" lang={writtenLanguage(hospital)} noWrap>
            {hospital}
          </Typography>
          <Box>
            <Chip
              size="small"
              color={statusColor(appointment.status)}
              label={t(`status.${appointment.status}`)}
              sx={{ mt: 0.5 }}
            />
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
