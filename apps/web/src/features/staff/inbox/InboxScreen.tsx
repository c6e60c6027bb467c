import { InboxBox, ThreadStatus } from '@klaimor/contracts';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingState } from '../../../components/LoadingState';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { StaffLoadError } from '../shared/StaffLoadError';
import { WaitingCount } from '../shared/WaitingCount';
import { formatClock } from '../shared/staff-format';
import { useStaffMe } from '../shell/session.queries';
import { useStaffTexts } from '../staff.texts';
import { useInbox, useInboxCounts } from './inbox.queries';
import { InboxThreadRow } from './InboxThreadRow';
import { ThreadPanel } from './ThreadPanel';
import { useMinuteClock } from './use-minute-clock';

const BOXES = InboxBox.options;
const STATUSES = ThreadStatus.options;
const DEFAULT_BOX: InboxBox = 'unassigned';
const DEFAULT_STATUS: ThreadStatus = 'open';

const boxOf = (value: string | null): InboxBox => InboxBox.safeParse(value).data ?? DEFAULT_BOX;
const statusOf = (value: string | null): ThreadStatus => ThreadStatus.safeParse(value).data ?? DEFAULT_STATUS;

/**
 * The facility's messages from patients, for the front desk and clinicians: the threads no one has yet, the member's
 * own, or all of them (open, or done), red flags first, then the longest waiting; the thread chosen opens beside the
 * list to read, answer, give to someone and mark done. The box, the status and the thread are in the address
 * (`?box=mine&thread=…`), so a link opens the same view and the back button closes a thread.
 */
export function InboxScreen({ facilityId }: { facilityId: string }) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const [params, setParams] = useSearchParams();
  const box = boxOf(params.get('box'));
  const status = statusOf(params.get('status'));
  const threadId = params.get('thread');
  const me = useStaffMe();
  const memberId = me.data?.id;
  const list = useInbox(facilityId, box, status);
  const counts = useInboxCounts(facilityId);
  const now = useMinuteClock();
  const [notice, setNotice] = useState<string | null>(null);
  const threads = list.data ?? [];

  /** Changes the view in the address, the facility and anything else kept; a thread opened is a step back can undo. */
  const show = (changes: { box?: InboxBox; status?: ThreadStatus; thread?: string | null }, step = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const put = (key: string, value: string | null | undefined, fallback?: string) => {
          if (value === undefined) return;
          if (value === null || value === fallback) next.delete(key);
          else next.set(key, value);
        };
        put('box', changes.box, DEFAULT_BOX);
        put('status', changes.status, DEFAULT_STATUS);
        put('thread', changes.thread);
        return next;
      },
      { replace: !step },
    );

  let body;
  if (list.isPending) {
    body = <LoadingState label={t('inbox.loading')} />;
  } else if (list.isError && !list.data) {
    body = <StaffLoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (threads.length === 0) {
    body = (
      <EmptyState
        icon={<MarkEmailReadIcon />}
        title={status === 'done' ? t('inbox.emptyDone') : t(`inbox.empty.${box}`)}
        description={t('inbox.emptyBody')}
      />
    );
  } else {
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box component="ul" aria-label={t('inbox.listLabel')} sx={{ m: 0, p: 0 }}>
          {threads.map((thread) => (
            <InboxThreadRow
              key={thread.id}
              thread={thread}
              selected={thread.id === threadId}
              memberId={memberId}
              lang={lang}
              now={now}
              onOpen={(id) => show({ thread: id }, id !== threadId)}
            />
          ))}
        </Box>
      </Paper>
    );
  }

  return (
    <Stack spacing={2}>
      <PageTitle>{t('inbox.title')}</PageTitle>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Tabs
          value={box}
          onChange={(_, next: InboxBox) => show({ box: next })}
          aria-label={t('inbox.boxesLabel')}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {BOXES.map((b) => (
            <Tab
              key={b}
              value={b}
              id={`inbox-box-tab-${b}`}
              aria-controls="inbox-box-panel"
              label={
                <WaitingCount
                  label={t(`inbox.boxes.${b}`)}
                  count={b === 'all' ? undefined : counts.data?.[b]}
                  spoken={(count) => t('inbox.waitingCount', { count })}
                />
              }
              sx={{ minHeight: 48, '&.Mui-selected': { color: 'text.primary', fontWeight: 600 } }}
            />
          ))}
        </Tabs>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          onChange={(_, next: ThreadStatus | null) => {
            if (next) show({ status: next });
          }}
          aria-label={t('inbox.statusLabel')}
          sx={{ mb: 1 }}
        >
          {STATUSES.map((s) => (
            <ToggleButton key={s} value={s} sx={{ minHeight: 44, px: 2 }}>
              {t(`inbox.statuses.${s}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // The thread has the room: its actions fit beside its subject at 1366 pixels.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(300px, 4fr) minmax(0, 8fr)' },
          alignItems: 'start',
        }}
      >
        <Box
          role="tabpanel"
          id="inbox-box-panel"
          aria-labelledby={`inbox-box-tab-${box}`}
          // On a phone the thread takes the list's place.
          sx={{ display: { xs: threadId ? 'none' : 'block', md: 'block' }, minWidth: 0 }}
        >
          <Stack spacing={0.5}>
            {list.isError && list.data ? <Alert severity="warning">{t('inbox.refreshFailed')}</Alert> : null}
            {body}
            <Typography variant="body2" color="text.secondary">
              {t('inbox.order')}
            </Typography>
            {list.dataUpdatedAt > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('inbox.autoRefresh', { time: formatClock(new Date(list.dataUpdatedAt).toISOString()) })}
              </Typography>
            ) : null}
          </Stack>
        </Box>
        <Box sx={{ display: { xs: threadId ? 'block' : 'none', md: 'block' }, minWidth: 0 }}>
          {threadId ? (
            <ThreadPanel
              key={threadId}
              facilityId={facilityId}
              threadId={threadId}
              listed={threads.find((thread) => thread.id === threadId)}
              memberId={memberId}
              now={now}
              onNotice={setNotice}
              onBack={() => show({ thread: null })}
            />
          ) : (
            <EmptyState
              icon={<ForumIcon />}
              title={t('inbox.chooseThread')}
              description={t('inbox.chooseThreadBody')}
            />
          )}
        </Box>
      </Box>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
