import type { LineStatus } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useUnlinkLine } from './notifications.queries';
import { useNotificationsTexts } from './notifications.texts';

/**
 * Under the LINE choice: link the account (a full page trip to LINE Login and back), add the Official Account when the
 * patient had not, or unlink.
 */
export function LineLink({ status, onUnlinked }: { status: LineStatus | undefined; onUnlinked: () => void }) {
  const { t } = useNotificationsTexts();
  const unlink = useUnlinkLine();
  if (!status?.linked) {
    return (
      <Stack spacing={1} sx={{ ml: 4, mb: 1, alignItems: 'flex-start' }}>
        <FormHelperText sx={{ m: 0 }}>{t('settings.lineHint')}</FormHelperText>
        <Button
          component="a"
          href="/api/line/link"
          variant="outlined"
          sx={{ minHeight: 44, color: '#06C755', borderColor: '#06C755' }}
        >
          {t('settings.lineLink')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={1} sx={{ ml: 4, mb: 1, alignItems: 'flex-start' }}>
      <FormHelperText sx={{ m: 0 }}>
        {status.friend === false ? t('settings.lineNotFriend') : t('settings.lineLinked')}
      </FormHelperText>
      {status.friend === false && status.addFriendUrl ? (
        <Button
          component="a"
          href={status.addFriendUrl}
          target="_blank"
          rel="noopener"
          variant="outlined"
          sx={{ minHeight: 44 }}
        >
          {t('settings.lineAddFriend')}
        </Button>
      ) : null}
      <Button
        onClick={() => unlink.mutate(undefined, { onSuccess: onUnlinked })}
        loading={unlink.isPending}
        sx={{ minHeight: 44 }}
      >
        {t('settings.lineUnlink')}
      </Button>
    </Stack>
  );
}
