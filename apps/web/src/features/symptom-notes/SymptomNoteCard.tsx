import { EMERGENCY_PHONE, type SymptomNote } from '@klaimor/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBuddhistDate } from '../../lib/thai-date';
import { severityColour } from './symptom-notes-format';
import { useSymptomNotesTexts } from './symptom-notes.texts';
import { appLanguage } from '../../i18n/language';
import { writtenLanguage } from '../../lib/written-language';

/** The date (and time) a note is filed under. */
export function useNoteDateLabel(): (note: Pick<SymptomNote, 'date' | 'time'>) => string {
  const { t, i18n } = useSymptomNotesTexts();
  const lang = appLanguage(i18n);
  return (note) => {
    const date = formatBuddhistDate(note.date, lang, 'short');
    return note.time ? t('note.dateTime', { date, time: note.time }) : date;
  };
}

/** The numbers of a note: severity, and temperature and blood pressure when measured. */
export function NoteMeasures({ note }: { note: SymptomNote }) {
  const { t, i18n } = useSymptomNotesTexts();
  const lang = appLanguage(i18n);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
      <Chip
        size="small"
        color={severityColour(note.severity)}
        label={t('severity.value', { severity: note.severity })}
      />
      {note.temperatureC !== null ? (
        <Chip
          size="small"
          variant="outlined"
          label={t('note.temperature', {
            value: new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH', {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }).format(note.temperatureC),
          })}
        />
      ) : null}
      {note.bloodPressure ? (
        <Chip size="small" variant="outlined" label={t('note.bloodPressure', note.bloodPressure)} />
      ) : null}
    </Stack>
  );
}

export interface SymptomNoteCardProps {
  note: SymptomNote;
  onEdit: () => void;
  onRemove: () => void;
}

export function SymptomNoteCard({ note, onEdit, onRemove }: SymptomNoteCardProps) {
  const { t, i18n } = useSymptomNotesTexts();
  const lang = appLanguage(i18n);
  const dateLabel = useNoteDateLabel();
  const date = formatBuddhistDate(note.date, lang, 'short');
  return (
    <Card variant="outlined" component="article" aria-label={dateLabel(note)}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography component="h2" variant="subtitle2" color="text.secondary">
            {dateLabel(note)}
          </Typography>
          <Stack direction="row">
            <IconButton size="small" onClick={onEdit} aria-label={t('note.editNamed', { date })}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" onClick={onRemove} aria-label={t('note.removeNamed', { date })}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        </Stack>
        <Typography
          lang={writtenLanguage(note.symptoms)}
          sx={{ fontWeight: 500, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          {note.symptoms}
        </Typography>
        <Stack spacing={1} sx={{ mt: 1 }}>
          <NoteMeasures note={note} />
          {note.notes ? (
            <Typography
              variant="body2"
              color="text.secondary"
              lang={writtenLanguage(note.notes)}
              sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {note.notes}
            </Typography>
          ) : null}
          {note.triage.emergency ? (
            <Alert severity="error" sx={{ py: 0 }}>
              {t('note.redFlag', { phone: EMERGENCY_PHONE })}
            </Alert>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
