import { formatThaiMobile, type Notification } from '@klaimor/contracts';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import PhoneIcon from '@mui/icons-material/Phone';
import SettingsIcon from '@mui/icons-material/Settings';
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
import { formatSentAt } from './notification-time';
import { useAnswerReminder, useMarkAllRead, useNotifications } from './notifications.queries';
import { useNotificationsTexts } from './notifications.texts';

/** /notifications: every notification sent, newest first; a medication reminder of today can be answered here. */
export function NotificationsPage() {
  const { t, i18n } = useNotificationsTexts();
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
    <Stack spacing={2.5}>
      <PageTitle subtitle={t('centre.subtitle')}>{t('centre.title')}</PageTitle>
      <Box>
        <Button component={Link} to="/settings/notifications" variant="outlined" startIcon={<SettingsIcon />} sx={{ minHeight: 44 }}>
          {t('centre.settings')}
        </Button>
      </Box>
      {list.isPending ? (
        <LoadingState label={t('centre.loading')} />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState icon={<NotificationsIcon />} title={t('centre.emptyTitle')} description={t('centre.emptyBody')} />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {list.data.data.map((n) => (
            <li key={n.id}>
              <Card variant="outlined" sx={n.read ? undefined : { borderColor: 'primary.main', bgcolor: 'rgba(106,166,255,0.08)' }}>
                <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
                    <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
                      {n.title}
                    </Typography>
                    {n.read ? null : <Chip label={t('centre.new')} color="primary" size="small" />}
                  </Stack>
                  <Typography>{n.body}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatSentAt(n.sentAt, i18n.resolvedLanguage ?? 'th')}
                    {n.channel === 'in_app' ? null : ` · ${t('centre.sentBy', { channel: t(`settings.channels.${n.channel}`) })}`}
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
                  {n.answerable ? (
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, pt: 0.5 }}>
                      <Button variant="contained" onClick={() => reply(n, 'taken')} disabled={answer.isPending} sx={{ minHeight: 44, m: '0 !important' }}>
                        {t('centre.taken')}
                      </Button>
                      <Button variant="outlined" onClick={() => reply(n, 'snooze')} disabled={answer.isPending} sx={{ minHeight: 44, m: '0 !important' }}>
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
    </Stack>
  );
}
