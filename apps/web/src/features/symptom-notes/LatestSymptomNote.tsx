import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useNoteDateLabel } from './SymptomNoteCard';
import { useSymptomNotes } from './symptom-notes.queries';
import { useSymptomNotesTexts } from './symptom-notes.texts';

/** For My Health: the newest symptom note in a line or two, linking to /asd. */
export function LatestSymptomNote() {
  const { t } = useSymptomNotesTexts();
  const notes = useSymptomNotes();
  const dateLabel = useNoteDateLabel();
  const latest = notes.data?.[0];

  let body;
  if (notes.isPending) {
    body = <Skeleton variant="text" width="70%" />;
  } else if (notes.isError) {
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
        <Typography
          sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}
        >
          {latest.symptoms}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('latest.line', { date: dateLabel(latest), severity: latest.severity })}
        </Typography>
      </>
    );
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby="latest-note-heading">
      <CardActionArea component={Link} to="/asd">
        <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 44,
              height: 44,
              flex: '0 0 44px',
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(106,166,255,0.15)',
              color: 'primary.dark',
            }}
          >
            <EditNoteIcon />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id="latest-note-heading" component="h2" variant="subtitle2" color="text.secondary">
              {t('latest.title')}
            </Typography>
            {body}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
