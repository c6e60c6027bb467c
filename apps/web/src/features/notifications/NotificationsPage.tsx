import { formatThaiMobile, type Notification, type NotificationKind } from '@klaimor/contracts';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import PhoneIcon from '@mui/icons-material/Phone';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { PageTitle } from '../../components/PageTitle';
import { apiErrorMessage } from '../../lib/error-messages';
import { selectPatient } from '../../session/selected-patient';
import { useSelectedPerson, type ShownPerson } from '../../session/use-selected-person';
import { formatSentAt } from './notification-time';
import { PersonGate } from '../../session/PersonGate';
import { OwnInstead } from './OwnInstead';
import { useHeardPerson } from './heard-person';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { useAnswerReminder, useMarkAllRead, useNotifications, useUnreadCount } from './notifications.queries';
import { useNotificationsTexts } from './notifications.texts';
import { appLanguage } from '../../i18n/language';
import { writtenLanguage } from '../../lib/written-language';

/**
 * /notifications: every notification sent, newest first, each with the way to the screen it speaks of; a medication
 * reminder of today can be answered here. For a child whose profile the patient holds, the child's centre: the child's
 * reminders reach the patient. A tap on a push about a held child opens it with `?patient=` (PersonGate chooses them).
 */
export function NotificationsPage() {
  return (
    <PersonGate area="notifications" otherwise={(link) => <OwnInstead link={link} screen={<Centre />} />}>
      <Centre />
    </PersonGate>
  );
}

/** The words of each kind's way to its screen (`Notification.link`): every kind has one. */
const OPENS: Record<NotificationKind, `centre.open.${string}`> = {
  dose: 'centre.open.medicines',
  appointment_tomorrow: 'centre.open.appointment',
  appointment_soon: 'centre.open.appointment',
  appointment_cancelled: 'centre.open.otherTimes',
  appointment_moved: 'centre.open.appointment',
  appointment_completed: 'centre.open.visit',
  record_corrected: 'centre.open.visit',
  refund: 'centre.open.appointment',
  booking_confirmed: 'centre.open.appointment',
  deposit_receipt: 'centre.open.receipt',
  missed_dose: 'centre.open.theirMedicines',
  test: 'centre.open.settings',
  result_released: 'centre.open.results',
  message_reply: 'centre.open.messages',
  refill: 'centre.open.refills',
  reading_reminder: 'centre.open.reading',
};

/** What waits unread in the other centres the patient hears (their own, a held child's), with the way to each. */
function WaitingElsewhere({ shown }: { shown: ShownPerson }) {
  const { t } = useNotificationsTexts();
  const bell = useUnreadCount().data;
  const { owner, people } = useSelectedPerson();
  if (!bell) return null;
  const centres = [{ patientId: owner, unread: bell.unread }, ...bell.held];
  return centres
    .filter((centre) => centre.patientId !== shown.id && centre.unread > 0)
    .map(({ patientId, unread }) => {
      const person = people.find((p) => p.id === patientId);
      if (!person) return null;
      const own = person.link === null;
      const words = { name: person.firstname, count: unread };
      return (
        <Alert key={patientId} severity="info" icon={<NotificationsIcon />}>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <span>{own ? t('centre.waitingOwn', words) : t('centre.waitingFor', words)}</span>
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => selectPatient(owner, own ? null : patientId)}
              sx={{ minHeight: 44 }}
            >
              {own ? t('centre.openOwn') : t('centre.openFor', words)}
            </Button>
          </Stack>
        </Alert>
      );
    });
}

/** The centre of `person`: the patient's own, or a held child's (named in the headings). */
function Centre() {
  const person = useHeardPerson()!;
  const { t, i18n } = useNotificationsTexts();
  const held = person.link === null ? null : { name: person.firstname };
  const whose = useWhoseHeading(person);
  const list = useNotifications();
  const markAllRead = useMarkAllRead();
  const answer = useAnswerReminder();
  const [notice, setNotice] = useState<string | null>(null);
  const unread = list.data?.meta.unread ?? 0;

  // Opening the centre reads what is in it; the cards keep their "new" mark until the list is fetched again.
  const { mutate: markRead } = markAllRead;
  useEffect(() => {
    if (unread > 0) markRead();
  }, [unread, markRead]);

  const reply = (n: Notification, how: 'taken' | 'snooze') =>
    answer.mutate(
      { id: n.id, answer: how },
      {
        onSuccess: () => setNotice(how === 'taken' ? t('centre.takenDone') : t('centre.snoozeDone')),
        onError: (error) => setNotice(apiErrorMessage(t, error)),
      },
    );

  return (
    <>
      <PageTitle subtitle={whose(t, 'centre.subtitle')}>{whose(t, 'centre.title')}</PageTitle>
      <WaitingElsewhere shown={person} />
      <Box>
        <Button
          component={Link}
          to="/settings/notifications"
          variant="outlined"
          startIcon={<SettingsIcon />}
          sx={{ minHeight: 44 }}
        >
          {held ? t('centre.settingsFor', held) : t('centre.settings')}
        </Button>
      </Box>
      {list.isPending ? (
        <LoadingState label={t('centre.loading')} />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={<NotificationsIcon />}
          title={held ? t('centre.emptyTitleFor', held) : t('centre.emptyTitle')}
          description={held ? t('centre.emptyBodyFor', held) : t('centre.emptyBody')}
        />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {list.data.data.map((n) => (
            <li key={n.id}>
              <Card
                variant="outlined"
                sx={n.read ? undefined : { borderColor: 'primary.main', bgcolor: 'rgba(106,166,255,0.08)' }}
              >
                <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
                    <Typography
                      component="h2"
                      lang={writtenLanguage(n.title)}
                      sx={{ fontWeight: 600, fontSize: '1.05rem' }}
                    >
                      {n.title}
                    </Typography>
                    {n.read ? null : <Chip label={t('centre.new')} color="primary" size="small" />}
                  </Stack>
                  <Typography lang={writtenLanguage(n.body)}>{n.body}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatSentAt(n.sentAt, appLanguage(i18n))}
                    {n.channel === 'in_app'
                      ? null
                      : ` · ${t('centre.sentBy', { channel: t(`settings.channels.${n.channel}`) })}`}
                  </Typography>
                  {n.callPhone ? (
                    <Button
                      variant="contained"
                      href={`tel:${n.callPhone}`}
                      startIcon={<PhoneIcon />}
                      sx={{ minHeight: 44, alignSelf: 'flex-start' }}
                    >
                      {t('centre.call', { phone: formatThaiMobile(n.callPhone) })}
                    </Button>
                  ) : null}
                  <Button
                    component={Link}
                    to={n.link}
                    variant={n.answerable || n.callPhone ? 'text' : 'outlined'}
                    endIcon={<ChevronRightIcon />}
                    sx={{ minHeight: 44, alignSelf: 'flex-start' }}
                  >
                    {t(OPENS[n.kind] as 'centre.open.appointment')}
                  </Button>
                  {n.answerable ? (
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, pt: 0.5 }}>
                      <Button
                        variant="contained"
                        onClick={() => reply(n, 'taken')}
                        disabled={answer.isPending}
                        sx={{ minHeight: 44, m: '0 !important' }}
                      >
                        {t('centre.taken')}
                      </Button>
                      <Button
                        variant="outlined"
                        onClick={() => reply(n, 'snooze')}
                        disabled={answer.isPending}
                        sx={{ minHeight: 44, m: '0 !important' }}
                      >
                        {t('centre.snooze')}
                      </Button>
                    </Stack>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
