import type { NotificationChannel } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { LineLink } from './LineLink';
import { useLineStatus } from './notifications.queries';
import { useNotificationsTexts } from './notifications.texts';

/**
 * The channel notifications go by, among those this server offers: push only where this browser can receive it, LINE
 * once the patient's account is linked (with the way to link it under the choice). With the app alone, a sentence.
 */
export function ChannelChoice({
  value,
  onChange,
  channels,
  canPush,
  onUnlinkedLine,
}: {
  value: NotificationChannel;
  onChange: (channel: NotificationChannel) => void;
  channels: NotificationChannel[];
  canPush: boolean;
  onUnlinkedLine: () => void;
}) {
  const { t } = useNotificationsTexts();
  const line = useLineStatus(channels.includes('line'));
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
        {t('settings.channelTitle')}
      </FormLabel>
      {channels.length === 1 ? (
        <Typography>{t('settings.inAppOnly')}</Typography>
      ) : (
        <RadioGroup value={value} onChange={(e) => onChange(e.target.value as NotificationChannel)}>
          {channels.map((channel) => (
            <Box key={channel}>
              <FormControlLabel
                value={channel}
                control={<Radio />}
                label={t(`settings.channels.${channel}`)}
                disabled={(channel === 'web_push' && !canPush) || (channel === 'line' && !line.data?.linked)}
                sx={{ minHeight: 44 }}
              />
              {channel === 'web_push' ? (
                <FormHelperText sx={{ mt: -0.5, mb: 1, ml: 4 }}>
                  {canPush ? t('settings.pushHint') : t('settings.pushUnsupported')}
                </FormHelperText>
              ) : null}
              {channel === 'line' ? <LineLink status={line.data} onUnlinked={onUnlinkedLine} /> : null}
            </Box>
          ))}
        </RadioGroup>
      )}
    </FormControl>
  );
}
