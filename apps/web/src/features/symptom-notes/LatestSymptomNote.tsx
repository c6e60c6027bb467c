import EditNoteIcon from '@mui/icons-material/EditNote';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SummaryCard } from '../../components/SummaryCard';
import { useNoteDateLabel } from './SymptomNoteCard';
import { useSymptomNotes } from './symptom-notes.queries';
import { useSymptomNotesTexts } from './symptom-notes.texts';
import { writtenLanguage } from '../../lib/written-language';

/** For My Health: the newest symptom note in a line or two, linking to /asd. */
export function LatestSymptomNote() {
  const { t } = useSymptomNotesTexts();
  const notes = useSymptomNotes();
  const dateLabel = useNoteDateLabel();
  const latest = notes.data?.[0];

  let body;
  if (notes.isPending) {
    body = <Skeleton variant="text" width="70%" />;
  } else if (!notes.data) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('errors.loadFailedTitle')}
      </Typography>
    );
  } else if (!latest) {
    body = <Typography color="text.secondary">{t('latest.none')}</Typography>;
  } else {
    body = (
      <>
        {/* Whole, not clamped: a clamp cut Thai words mid-line at large text and drew them over the date. */}
        <Typography lang={writtenLanguage(latest.symptoms)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {latest.symptoms}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('latest.line', { date: dateLabel(latest), severity: latest.severity })}
        </Typography>
      </>
    );
  }

  return (
    <SummaryCard headingId="latest-note-heading" title={t('latest.title')} icon={<EditNoteIcon />} to="/asd">
      {body}
    </SummaryCard>
  );
}
