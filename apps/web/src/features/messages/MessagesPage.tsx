import type { ThreadSummary } from '@klaimor/contracts';
import EditIcon from '@mui/icons-material/Edit';
import ForumIcon from '@mui/icons-material/Forum';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { appLanguage } from '../../i18n/language';
import { PersonGate } from '../../session/PersonGate';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { formatWrittenAt } from './message-time';
import { useMessageFacilities, useThreads } from './messages.queries';
import { useCareMessagesTexts } from './messages.texts';

/**
 * /messages ("ข้อความถึงทีมดูแล"): the patient's questions to the care teams of the facilities they have been seen
 * at or booked with, a new reply marked; writing a new one. Not for emergencies, which it says first.
 */
export function MessagesPage() {
  return (
    <PersonGate area="records">
      <MessagesScreen />
    </PersonGate>
  );
}

function MessagesScreen() {
  const { t } = useCareMessagesTexts();
  const whose = useWhoseHeading();
  const threads = useThreads();
  const facilities = useMessageFacilities();
  const canWrite = (facilities.data?.length ?? 0) > 0;

  return (
    <Stack spacing={3}>
      <PageTitle subtitle={whose(t, 'list.subtitle')}>{whose(t, 'list.title')}</PageTitle>
      <Alert severity="warning">{t('list.notForEmergencies')}</Alert>
      {canWrite ? (
        <Button component={Link} to="/messages/new" variant="contained" size="large" startIcon={<EditIcon />}>
          {t('list.write')}
        </Button>
      ) : facilities.data ? (
        <Typography color="text.secondary">{t('list.noFacilities')}</Typography>
      ) : null}
      {threads.isPending ? (
        <LoadingState label={t('list.loading')} />
      ) : threads.data === undefined ? (
        <ErrorState onRetry={() => void threads.refetch()} />
      ) : threads.data.length === 0 ? (
        <EmptyState icon={<ForumIcon />} title={t('list.empty')} description={t('list.emptyBody')} />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('list.label')}>
          {threads.data.map((thread) => (
            <li key={thread.id}>
              <ThreadCard thread={thread} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ThreadCard({ thread }: { thread: ThreadSummary }) {
  const { t, i18n } = useCareMessagesTexts();
  const lang = appLanguage(i18n);
  return (
    <Card variant="outlined" sx={thread.unread ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}>
      <CardActionArea component={Link} to={`/messages/${thread.id}`}>
        <CardContent>
          <Stack spacing={0.5}>
            {thread.unread ? (
              <Chip
                icon={<MarkEmailUnreadIcon />}
                label={t('list.newReply')}
                color="primary"
                size="small"
                sx={{ alignSelf: 'flex-start' }}
              />
            ) : null}
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {thread.subject}
            </Typography>
            <Typography>{lang === 'th' ? thread.facility.nameTh : thread.facility.nameEn}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(thread.lastFrom === 'staff' ? 'list.lastFromTeam' : 'list.lastFromYou', {
                when: formatWrittenAt(thread.lastMessageAt, lang, t),
              })}
              {thread.status === 'done' ? ` · ${t('thread.done')}` : ''}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
