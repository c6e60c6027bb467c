import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link } from 'react-router';
import { useEffect } from 'react';
import { useSavePushSubscription, useUnreadCount } from './notifications.queries';
import { existingPushSubscription } from './web-push';
import { useNotificationsTexts } from './notifications.texts';

/** The app bar's bell for a signed-in patient: the unread count (theirs and their held children's), and the way to the notification centre. */
export function NotificationBell() {
  const { t } = useNotificationsTexts();
  const bell = useUnreadCount().data;
  // A held child's notifications reach the patient: what waits in the child's centre counts too.
  const unread = (bell?.unread ?? 0) + (bell?.held ?? []).reduce((sum, child) => sum + child.unread, 0);
  // A browser that allowed push before (another session, since signed out) gives its subscription to this session.
  const { mutate: savePushSubscription } = useSavePushSubscription();
  useEffect(() => {
    existingPushSubscription()
      .then((subscription) => subscription && savePushSubscription(subscription))
      .catch(() => undefined);
  }, [savePushSubscription]);
  return (
    <IconButton
      component={Link}
      to="/notifications"
      color="inherit"
      aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
      sx={{ width: 44, height: 44 }}
    >
      {/* The count is in the button's name; the badge only draws it, and is not there at all with nothing unread. */}
      {unread > 0 ? (
        <Badge
          badgeContent={unread}
          max={99}
          slotProps={{ badge: { 'aria-hidden': true } }}
          sx={{ '& .MuiBadge-badge': { bgcolor: '#B3261E', color: '#fff', fontWeight: 600 } }}
        >
          <NotificationsIcon />
        </Badge>
      ) : (
        <NotificationsIcon />
      )}
    </IconButton>
  );
}
