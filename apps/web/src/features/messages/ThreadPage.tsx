import type { Message, RedFlagHit } from '@klaimor/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { appLanguage } from '../../i18n/language';
import { PersonGate } from '../../session/PersonGate';
import { EmergencyAdvice } from './EmergencyAdvice';
import { ReplyForm } from './MessageForms';
import { formatWrittenAt } from './message-time';
import { usePhotoUrl, useThread } from './messages.queries';
import { useCareMessagesTexts } from './messages.texts';

/** /messages/:threadId: the conversation with one care team, oldest first, and a reply at its foot. */
export function ThreadPage() {
  return (
    <PersonGate area="records">
      <ThreadScreen />
    </PersonGate>
  );
}

function ThreadScreen() {
  const { t, i18n } = useCareMessagesTexts();
  const lang = appLanguage(i18n);
  const { threadId = '' } = useParams();
  const location = useLocation();
  const thread = useThread(threadId);
  // The red flags of what was just sent: of the new thread (brought from its form) or of a reply here.
  const [raised, setRaised] = useState<RedFlagHit[]>(
    (location.state as { redFlags?: RedFlagHit[] } | null)?.redFlags ?? [],
  );

  if (thread.isPending) return <LoadingState label={t('list.loading')} />;
  if (thread.data === undefined) return <ErrorState onRetry={() => void thread.refetch()} />;
  const { data } = thread;
  const facility = lang === 'th' ? data.facility.nameTh : data.facility.nameEn;
  return (
    <Stack spacing={3}>
      <Button component={RouterLink} to="/messages" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('thread.back')}
      </Button>
      <PageTitle subtitle={facility}>{data.subject}</PageTitle>
      {raised.length > 0 ? <EmergencyAdvice redFlags={raised} sent /> : null}
      <Typography color="text.secondary">
        {data.status === 'done'
          ? t('thread.doneNote')
          : data.facility.replyWithinHours
            ? t('compose.replyWithin', { count: data.facility.replyWithinHours })
            : t('compose.noReplyTime')}
      </Typography>
      <Stack component="ol" spacing={2} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('thread.messages')}>
        {data.messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </Stack>
      <Box component="section" aria-labelledby="reply-heading">
        <Typography id="reply-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {t('thread.replyHeading')}
        </Typography>
        <ReplyForm threadId={data.id} onSent={(sent) => setRaised(sent.redFlags)} />
      </Box>
    </Stack>
  );
}

function MessageBubble({ message }: { message: Message }) {
  const { t, i18n } = useCareMessagesTexts();
  const lang = appLanguage(i18n);
  const photoUrl = usePhotoUrl();
  const mine = message.from === 'patient';
  const who = mine
    ? message.byCaregiver
      ? t('thread.byCaregiver', { name: message.authorName })
      : t('thread.you')
    : t('thread.team', { name: message.authorName });
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{
          p: 2,
          maxWidth: '90%',
          bgcolor: mine ? (theme) => alpha(theme.palette.primary.main, 0.08) : 'background.paper',
          borderColor: mine ? 'primary.light' : 'divider',
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {who}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>{message.text}</Typography>
        {message.photos.length > 0 ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            {message.photos.map((photo, i) => (
              <Link key={photo.id} href={photoUrl(photo.id)} target="_blank" rel="noopener">
                <Box
                  component="img"
                  src={photoUrl(photo.id)}
                  alt={t('thread.photo', { number: i + 1 })}
                  loading="lazy"
                  sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 1.5, display: 'block' }}
                />
              </Link>
            ))}
          </Stack>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {formatWrittenAt(message.createdAt, lang, t)}
        </Typography>
      </Paper>
    </Box>
  );
}
