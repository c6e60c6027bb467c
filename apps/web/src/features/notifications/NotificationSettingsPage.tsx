import { FIXED_DOSE_TIMES, NotificationSettings, type NotificationChannel } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { PageTitle } from '../../components/PageTitle';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { useAppConfig } from '../../session/app-config';
import { selectPatient } from '../../session/selected-patient';
import { useOwnerId } from '../../session/patient-scope';
import { useMedicationsTexts } from '../medications/medications.texts';
import { ChannelChoice } from './ChannelChoice';
import { PersonGate } from '../../session/PersonGate';
import { OwnInstead } from './OwnInstead';
import { useHeardPerson } from './heard-person';
import { useWhoseHeading } from '../../session/use-whose-heading';
import {
  useNotificationSettings,
  useSaveNotificationSettings,
  useSavePushSubscription,
  useSendTestNotification,
} from './notifications.queries';
import { PushRefused, pushSupported, subscribeToPush } from './web-push';
import { useNotificationsTexts } from './notifications.texts';

/** The settings as the boxes hold them: quiet hours are a switch and two times kept while it is off. */
interface SettingsValues extends Omit<NotificationSettings, 'quietFrom' | 'quietUntil'> {
  quiet: boolean;
  quietFrom: string;
  quietUntil: string;
}

const toBody = ({ quiet, quietFrom, quietUntil, ...rest }: SettingsValues): NotificationSettings => ({
  ...rest,
  quietFrom: quiet ? quietFrom : null,
  quietUntil: quiet ? quietUntil : null,
});

const toValues = (s: NotificationSettings): SettingsValues => ({
  ...s,
  quiet: s.quietFrom !== null,
  quietFrom: s.quietFrom ?? '22:00',
  quietUntil: s.quietUntil ?? '06:00',
});

const FIELDS = [
  ...FIXED_DOSE_TIMES,
  'quietFrom',
  'quietUntil',
  'medicationReminders',
  'appointmentReminders',
  'channel',
] as const;

/**
 * /settings/notifications: reminder times, what to be reminded of, quiet hours, the channel, a test message. For a
 * child whose profile the patient holds, the child's times and what to remind of: the rest is the patient's own.
 */
export function NotificationSettingsPage() {
  return (
    <PersonGate area="notifications" otherwise={(link) => <OwnInstead link={link} screen={<Settings />} />}>
      <Settings />
    </PersonGate>
  );
}

function Settings() {
  const person = useHeardPerson()!;
  const { t } = useNotificationsTexts();
  const settings = useNotificationSettings();
  const held = person.link === null ? null : { name: person.firstname };
  const whose = useWhoseHeading(person);
  return (
    <>
      <PageTitle subtitle={whose(t, 'settings.subtitle')}>{whose(t, 'settings.title')}</PageTitle>
      {settings.isPending ? (
        <LoadingState label={t('settings.loading')} />
      ) : settings.isError ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm settings={settings.data} held={held} />
      )}
    </>
  );
}

/** How a held child's notifications reach the patient, and the way to the patient's own channel and quiet hours. */
function HeardByYou({ name }: { name: string }) {
  const { t } = useNotificationsTexts();
  const owner = useOwnerId();
  return (
    <Alert severity="info">
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>{t('settings.heldHears', { name })}</span>
        <Button variant="outlined" color="inherit" onClick={() => selectPatient(owner, null)} sx={{ minHeight: 44 }}>
          {t('settings.ownSettings')}
        </Button>
      </Stack>
    </Alert>
  );
}

interface SettingsFormProps {
  settings: NotificationSettings;
  /** A held child's settings: only the child's times and what to remind of (the channel and quiet hours are the patient's). */
  held: { name: string } | null;
}

function SettingsForm({ settings, held }: SettingsFormProps) {
  const { t } = useNotificationsTexts();
  const doseTimes = useMedicationsTexts().t;
  const config = useAppConfig().data;
  const channels: NotificationChannel[] = config?.notificationChannels ?? ['in_app'];
  const save = useSaveNotificationSettings();
  const savePushSubscription = useSavePushSubscription();
  const canPush = pushSupported() && Boolean(config?.webPushPublicKey);
  const sendTest = useSendTestNotification();
  // Back from LINE Login (?line=linked or failed): said once, and the address forgets it.
  const [params, setParams] = useSearchParams();
  const lineResult = params.get('line');
  const [notice, setNotice] = useState<string | null>(() =>
    lineResult === null ? null : lineResult === 'linked' ? t('settings.lineDone') : t('settings.lineFailed'),
  );
  useEffect(() => {
    if (lineResult !== null) setParams({}, { replace: true });
  }, [lineResult, setParams]);
  const { form, formError, setFormError, onSubmit } = useContractForm<SettingsValues, NotificationSettings>({
    resolver: contractResolver(NotificationSettings, toBody),
    defaultValues: toValues(settings),
    fields: FIELDS,
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { register, control, getFieldState, formState } = form;
  const quiet = useWatch({ control, name: 'quiet' });
  const messageOf = (name: FieldPath<SettingsValues>) =>
    reasonMessage(t, getFieldState(name, formState).error?.message);

  const timeField = (name: FieldPath<SettingsValues>, label: string) => (
    <TextField
      {...register(name)}
      id={`notification-${name}`}
      type="time"
      required
      label={label}
      error={messageOf(name) !== undefined}
      helperText={messageOf(name)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const switchField = (name: 'medicationReminders' | 'appointmentReminders' | 'quiet', label: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={label}
            sx={{ minHeight: 44 }}
          />
          <FormHelperText sx={{ mt: 0, ml: 0 }}>{hint}</FormHelperText>
        </Box>
      )}
    />
  );

  /** Push needs this browser's subscription first: asking for permission is part of choosing it. */
  const saveSettings = async (body: NotificationSettings) => {
    if (body.channel === 'web_push') {
      try {
        await savePushSubscription.mutateAsync(await subscribeToPush(config!.webPushPublicKey!));
      } catch (error) {
        setFormError(error instanceof PushRefused ? t('settings.pushRefused') : t('settings.pushFailed'));
        return;
      }
    }
    await save.mutateAsync(body);
    setNotice(t('settings.saved'));
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit(saveSettings)}>
      {held ? <HeardByYou name={held.name} /> : null}
      <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h6" sx={{ fontWeight: 600, mb: 0.5 }}>
          {held ? t('settings.doseTimesTitleFor', held) : t('settings.doseTimesTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('settings.doseTimesHint')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 9.5rem), 1fr))', gap: 2 }}>
          {FIXED_DOSE_TIMES.map((time) => (
            <Box key={time}>{timeField(time, doseTimes(`doseTimes.${time}`))}</Box>
          ))}
        </Box>
        {switchField('medicationReminders', t('settings.medicationReminders'), t('settings.medicationRemindersHint'))}
        {switchField(
          'appointmentReminders',
          t('settings.appointmentReminders'),
          t('settings.appointmentRemindersHint'),
        )}
        {held ? null : switchField('quiet', t('settings.quietHours'), t('settings.quietHoursHint'))}
        {quiet && !held ? (
          <Stack direction="row" spacing={2} sx={{ pl: 1, borderLeft: 3, borderColor: 'primary.light' }}>
            <Box sx={{ flex: 1 }}>{timeField('quietFrom', t('settings.quietFrom'))}</Box>
            <Box sx={{ flex: 1 }}>{timeField('quietUntil', t('settings.quietUntil'))}</Box>
          </Stack>
        ) : null}
      </Stack>
      {held ? null : (
        <Controller
          control={control}
          name="channel"
          render={({ field }) => (
            <ChannelChoice
              value={field.value}
              onChange={field.onChange}
              channels={channels}
              canPush={canPush}
              onUnlinkedLine={() => {
                field.onChange('in_app');
                setNotice(t('settings.lineUnlinked'));
              }}
            />
          )}
        />
      )}
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Button type="submit" variant="contained" size="large" loading={save.isPending} sx={{ minHeight: 48 }}>
        {t('settings.save')}
      </Button>
      {held ? null : (
        <Button
          variant="outlined"
          loading={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(undefined, {
              onSuccess: () => setNotice(t('settings.testSent')),
              onError: (e) => setNotice(apiErrorMessage(t, e)),
            })
          }
          sx={{ minHeight: 48 }}
        >
          {t('settings.test')}
        </Button>
      )}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
