import { EMERGENCY_PHONE, type InboxThread } from '@klaimor/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneIcon from '@mui/icons-material/Done';
import ReportIcon from '@mui/icons-material/Report';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage } from '../../../i18n/language';
import { writtenLanguage } from '../../../lib/written-language';
import { StaffLoadError } from '../shared/StaffLoadError';
import { useStaffTexts } from '../staff.texts';
import { patientLine, waitingText } from './inbox-format';
import { useInboxThread } from './inbox.queries';
import { ReplyForm } from './ReplyForm';
import { ThreadActions } from './ThreadActions';
import { ThreadMessage } from './ThreadMessage';

export interface ThreadPanelProps {
  facilityId: string;
  threadId: string;
  /** The thread as the box shows it now, when it is in the box: newer messages there are offered. */
  listed: InboxThread | undefined;
  memberId: string | undefined;
  now: number;
  onNotice: (notice: string) => void;
  /** Back to the list, on a phone where the thread takes the list's place. */
  onBack: () => void;
}

/**
 * The thread open beside the list: its subject and patient, the 1669 advice the patient was given when a message
 * raised a red flag, who has it and whether it is done, the conversation (oldest first, the newest in view) and the
 * reply. Opened once (each opening is audited); newer messages the list has seen are shown on asking.
 */
export function ThreadPanel({ facilityId, threadId, listed, memberId, now, onNotice, onBack }: ThreadPanelProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const thread = useInboxThread(facilityId, threadId);
  const conversation = useRef<HTMLOListElement>(null);
  const data = thread.data;
  const count = data?.messages.length ?? 0;

  // The newest message in view when the thread opens and when one is added.
  useEffect(() => {
    const list = conversation.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [threadId, count]);

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ alignSelf: 'flex-start', display: { md: 'none' } }}>
      {t('inbox.backToList')}
    </Button>
  );

  if (thread.isPending) {
    return (
      <Box>
        {back}
        <LoadingState label={t('inbox.thread.loading')} />
      </Box>
    );
  }
  if (!data) {
    return (
      <Box>
        {back}
        <StaffLoadError error={thread.error} onRetry={() => void thread.refetch()} />
      </Box>
    );
  }

  const newer = listed !== undefined && new Date(listed.lastMessageAt) > new Date(data.lastMessageAt);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="inbox-thread-subject"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        p: { xs: 1.5, sm: 2 },
        // Beside the list on a desktop, the thread keeps to the screen's height: the conversation scrolls within it,
        // the reply stays in view.
        maxHeight: { md: 'calc(100dvh - 96px)' },
        position: { md: 'sticky' },
        top: { md: 80 },
      }}
    >
      {back}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5 }}
      >
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography
              id="inbox-thread-subject"
              variant="h6"
              component="h2"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.4 }}
              lang={writtenLanguage(data.subject)}
            >
              {data.subject}
            </Typography>
            <Chip
              size="small"
              color={data.status === 'done' ? 'success' : 'default'}
              icon={data.status === 'done' ? <DoneIcon /> : undefined}
              label={t(`inbox.statuses.${data.status}`)}
            />
          </Box>
          <Typography color="text.secondary">
            {patientLine(t, data.patient)}
            {data.awaitingReply ? ` · ${waitingText(t, data.lastMessageAt, now)}` : null}
          </Typography>
        </Box>
        <ThreadActions facilityId={facilityId} thread={data} memberId={memberId} onDone={onNotice} />
      </Box>
      {data.redFlag ? (
        <Alert severity="error" icon={<ReportIcon />} sx={{ py: 0.5 }}>
          <AlertTitle sx={{ fontWeight: 700, mb: 0.25 }}>{t('inbox.redFlag', { phone: EMERGENCY_PHONE })}</AlertTitle>
          <Typography variant="body2">{t('inbox.thread.redFlagBody', { phone: EMERGENCY_PHONE })}</Typography>
        </Alert>
      ) : null}
      {newer ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" loading={thread.isFetching} onClick={() => void thread.refetch()}>
              {t('inbox.thread.showNewer')}
            </Button>
          }
        >
          {t('inbox.thread.newer')}
        </Alert>
      ) : null}
      <Box
        component="ol"
        ref={conversation}
        aria-label={t('inbox.thread.conversation')}
        // Scrolls on its own beside the list; a keyboard reaches it to scroll.
        tabIndex={0}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 1.5,
          m: 0,
          p: 0.5,
          overflowY: { md: 'auto' },
          minHeight: { md: 120 },
          flex: { md: '1 1 auto' },
          '&:focus-visible': { outline: 3, outlineColor: 'primary.dark', outlineStyle: 'solid' },
        }}
      >
        {data.messages.map((message) => (
          <ThreadMessage key={message.id} facilityId={facilityId} message={message} lang={lang} />
        ))}
      </Box>
      {data.status === 'done' ? (
        <Typography variant="body2" color="text.secondary">
          {t('inbox.thread.doneNote')}
        </Typography>
      ) : null}
      <ReplyForm
        key={data.id}
        facilityId={facilityId}
        threadId={data.id}
        unassigned={data.assignedTo === null}
        onSent={() => onNotice(t('inbox.reply.sent'))}
      />
    </Paper>
  );
}
