import { type Visit, todayInBangkok } from '@klaimor/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBuddhistDate } from '../../lib/thai-date';
import { useVisitsTexts } from './visits.texts';
import { appLanguage } from '../../i18n/language';
import { DetailList } from '../../components/DetailList';

/** The stepper's dot: a stethoscope case for a recorded visit, a calendar tick for a screening. */
export function VisitIcon({ source }: { source: Visit['source'] }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 28,
        height: 28,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: source === 'screening' ? 'success.main' : 'primary.main',
        color: source === 'screening' ? 'common.white' : 'primary.contrastText',
        '& svg': { fontSize: 16 },
      }}
    >
      {source === 'screening' ? <EventAvailableIcon /> : <MedicalServicesIcon />}
    </Box>
  );
}

/** The date (and time) a visit is listed under. */
export function useVisitDateLabel(): (visit: Visit) => string {
  const { t, i18n } = useVisitsTexts();
  const lang = appLanguage(i18n);
  return (visit) => {
    const date = formatBuddhistDate(visit.date, lang, 'short');
    return visit.time ? t('entry.dateTime', { date, time: visit.time }) : date;
  };
}

export interface VisitDetailsProps {
  visit: Visit;
  onEdit: () => void;
  onRemove: () => void;
}

/** What happened at a visit, in plain words; a recorded one can be edited or removed. */
export function VisitDetails({ visit, onEdit, onRemove }: VisitDetailsProps) {
  const { t, i18n } = useVisitsTexts();
  const lang = appLanguage(i18n);
  const date = formatBuddhistDate(visit.date, lang, 'short');
  const rows: { label: string; value: string | null }[] = [
    { label: t('entry.department'), value: visit.department },
    { label: t('entry.doctor'), value: visit.doctor },
    {
      label: t('entry.diagnosis'),
      value: visit.icd10 && visit.diagnosis ? `${visit.diagnosis} (ICD-10 ${visit.icd10})` : visit.diagnosis,
    },
    { label: t('entry.symptoms'), value: visit.symptoms },
    { label: t('entry.symptomDuration'), value: visit.symptomDuration },
    { label: visit.source === 'screening' ? t('entry.advice') : t('entry.notes'), value: visit.notes },
    {
      label: t('entry.followUp'),
      value: visit.followUpDate ? formatBuddhistDate(visit.followUpDate, lang, 'short') : null,
    },
  ];
  const shown = rows.filter((row): row is { label: string; value: string } => !!row.value);
  const correction = visit.correction;
  return (
    <Stack spacing={1} sx={{ pb: 1 }}>
      {correction ? (
        // The hospital's correction comes first: what follows is the record as it now stands.
        <Alert severity={correction.status === 'entered_in_error' ? 'error' : 'info'} sx={{ py: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`entry.correction.${correction.status}`)}
          </Typography>
          <Typography variant="body2">
            {t(
              correction.status === 'entered_in_error'
                ? 'entry.correction.enteredInErrorOn'
                : 'entry.correction.amendedOn',
              { date: formatBuddhistDate(todayInBangkok(new Date(correction.at)), lang, 'short') },
            )}
          </Typography>
          <Typography variant="body2">{t('entry.correction.reason', { reason: correction.reason })}</Typography>
        </Alert>
      ) : null}
      {visit.source === 'screening' ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label={t('entry.screening')}
          sx={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {shown.length > 0 ? <DetailList rows={shown} /> : null}
      {visit.earlierVersions.map((earlier) => (
        <Box
          key={earlier.version}
          component="section"
          aria-label={t('entry.correction.earlier', { version: earlier.version })}
          sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, color: 'text.secondary' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('entry.correction.earlier', { version: earlier.version })}
          </Typography>
          <DetailList
            rows={[
              {
                label: t('entry.diagnosis'),
                value: earlier.icd10 ? `${earlier.diagnosis} (ICD-10 ${earlier.icd10})` : earlier.diagnosis,
              },
              ...(earlier.notes ? [{ label: t('entry.advice'), value: earlier.notes }] : []),
              ...(earlier.followUpDate
                ? [{ label: t('entry.followUp'), value: formatBuddhistDate(earlier.followUpDate, lang, 'short') }]
                : []),
            ]}
          />
        </Box>
      ))}
      {visit.source === 'recorded' ? (
        <Stack direction="row" spacing={0.5}>
          <IconButton size="small" onClick={onEdit} aria-label={t('entry.editNamed', { date })}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" onClick={onRemove} aria-label={t('entry.removeNamed', { date })}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ) : null}
    </Stack>
  );
}
