import {
  FacilitySettingsBody,
  formatThaiPhone,
  HealthScheme,
  KNOWN_INSURER_IDS,
  REPLY_HOURS_MAX,
  type FacilitySettings,
  type OpeningHours,
} from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Controller, useWatch, type Control, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { appLanguage } from '../../../i18n/language';
import { contractResolver, numberFromText, withFieldNames } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { insurerName } from '../../coverage/coverage-format';
import { ClockTimeField } from '../shared/ClockTimeField';
import { PanelSection } from '../shared/PanelSection';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { WEEKDAYS, formatMoney, weekdayLong } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { useSaveFacilitySettings } from './admin.queries';

type HoursKind = OpeningHours['kind'];
const HOURS_KINDS: readonly HoursKind[] = ['always', 'weekly', 'not_stated'];

interface DayHours {
  open: boolean;
  opens: string;
  closes: string;
}

export interface FacilitySettingsValues {
  phone: string;
  hoursKind: HoursKind;
  /** Monday to Sunday, each open or not; only the open days reach the body. */
  week: DayHours[];
  /** A 24-hour emergency department, apart from the outpatient hours above. */
  emergency24h: boolean;
  schemes: HealthScheme[];
  insurers: string[];
  depositAmount: string;
  /** Hours; empty when the facility states no reply time. */
  replyWithinHours: string;
  /** A pharmacy of the "รับยาใกล้บ้าน" scheme. */
  nearHomePharmacy: boolean;
}
type SettingsBody = z.output<typeof FacilitySettingsBody>;

/** A week to start from when the hours were not set by weekday: Monday to Friday, 08:00–16:00. */
const usualDay = (weekday: number): DayHours => ({ open: weekday <= 5, opens: '08:00', closes: '16:00' });

function valuesOf(settings: FacilitySettings): FacilitySettingsValues {
  const hours = settings.openingHours;
  const days = hours.kind === 'weekly' ? hours.days : [];
  return {
    phone: settings.phone ? formatThaiPhone(settings.phone) : '',
    // Hours the form cannot show are shown beside it; the form starts from "not stated".
    hoursKind: settings.openingHoursText !== null ? 'not_stated' : hours.kind,
    week: WEEKDAYS.map((weekday) => {
      const day = days.find((d) => d.weekday === weekday);
      if (day) return { open: true, opens: day.opens, closes: day.closes };
      return hours.kind === 'weekly' ? { ...usualDay(weekday), open: false } : usualDay(weekday);
    }),
    emergency24h: settings.emergency24h,
    schemes: settings.schemes,
    insurers: settings.insurers,
    depositAmount: String(settings.depositAmount),
    replyWithinHours: settings.replyWithinHours === null ? '' : String(settings.replyWithinHours),
    nearHomePharmacy: settings.nearHomePharmacy,
  };
}

const toBody = (v: FacilitySettingsValues): FacilitySettingsBody => ({
  phone: v.phone.trim() === '' ? null : v.phone,
  openingHours:
    v.hoursKind === 'weekly'
      ? {
          kind: 'weekly',
          days: v.week.flatMap((d, i) => (d.open ? [{ weekday: i + 1, opens: d.opens, closes: d.closes }] : [])),
        }
      : { kind: v.hoursKind },
  emergency24h: v.emergency24h,
  schemes: v.schemes,
  insurers: v.insurers,
  depositAmount: (numberFromText(v.depositAmount) ?? undefined) as number,
  replyWithinHours: numberFromText(v.replyWithinHours),
  nearHomePharmacy: v.nearHomePharmacy,
});

/** The form's field for a path of the body ('openingHours.days.1.closes' is the second open day's closing time). */
function fieldOf(path: string, values: FacilitySettingsValues): FieldPath<FacilitySettingsValues> | null {
  const [head, ...rest] = path.split('.');
  switch (head) {
    case 'phone':
    case 'emergency24h':
    case 'schemes':
    case 'insurers':
    case 'depositAmount':
    case 'replyWithinHours':
    case 'nearHomePharmacy':
      return head;
    case 'openingHours': {
      if (rest[0] !== 'days') return 'hoursKind';
      const row = values.week.flatMap((d, i) => (d.open ? [i] : []))[Number(rest[1])];
      if (row === undefined) return 'week';
      return rest[2] === 'opens' ? `week.${row}.opens` : `week.${row}.closes`;
    }
    default:
      return null;
  }
}

const resolver = withFieldNames(contractResolver(FacilitySettingsBody, toBody), fieldOf);

export interface FacilitySettingsFormProps {
  facilityId: string;
  settings: FacilitySettings;
  onSaved: (settings: FacilitySettings) => void;
}

/**
 * What patients see of the facility (phone, outpatient hours, a 24-hour emergency department, the time its team answers
 * messages in, schemes and insurers taken) and the deposit a new session starts from, checked with the shared
 * FacilitySettingsBody.
 */
export function FacilitySettingsForm({ facilityId, settings, onSaved }: FacilitySettingsFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const baseId = useId();
  const save = useSaveFacilitySettings(facilityId);
  const { form, formError, onSubmit } = useContractForm<FacilitySettingsValues, SettingsBody>({
    resolver,
    defaultValues: valuesOf(settings),
    fields: fieldOf,
    errorMessage: (error) => staffErrorMessage(t, error, lang),
    errorCodes: { deposit_needs_promptpay: 'depositAmount' },
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [hoursKind, week, depositText, replyText] = useWatch({
    control,
    name: ['hoursKind', 'week', 'depositAmount', 'replyWithinHours'],
  });
  const deposit = numberFromText(depositText);
  const replyHours = numberFromText(replyText);
  // What patients will read, once the box holds a reply time the server takes (or nothing).
  const replyLine =
    replyHours === null
      ? t('settings.replyNotStated')
      : Number.isInteger(replyHours) && replyHours >= 1 && replyHours <= REPLY_HOURS_MAX
        ? t('settings.replyIs', { count: replyHours })
        : null;
  const submit = onSubmit(async (body) => onSaved(await save.mutateAsync(body)));

  // Every insurer the directory knows, and any other this facility already names.
  const insurers = [...KNOWN_INSURER_IDS, ...settings.insurers.filter((i) => !KNOWN_INSURER_IDS.includes(i))];
  const { ref: phoneRef, ...phone } = register('phone');
  const phoneMessage = fieldMessage(t, 'phone', errors.phone?.message);
  const { ref: depositRef, ...depositField } = register('depositAmount');
  const depositMessage = fieldMessage(t, 'depositAmount', errors.depositAmount?.message);
  const { ref: replyRef, ...replyField } = register('replyWithinHours');
  const replyMessage = fieldMessage(t, 'replyWithinHours', errors.replyWithinHours?.message);
  const weekMessage = errors.week?.message ?? errors.week?.root?.message;

  /** A checkbox for each choice, kept as the list of chosen values. */
  const checkboxes = <N extends 'schemes' | 'insurers'>(
    name: N,
    legend: string,
    choices: { value: string; label: string }[],
    hint?: string,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value as string[];
        const toggle = (value: string, on: boolean) =>
          field.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
        const message = fieldMessage(t, name, fieldState.error?.message);
        return (
          <FormControl component="fieldset" error={message !== undefined} onBlur={field.onBlur}>
            <FormLabel component="legend" sx={{ fontWeight: 500, mb: 0.5 }}>
              {legend}
            </FormLabel>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
                columnGap: 2,
              }}
            >
              {choices.map((choice, i) => (
                <FormControlLabel
                  key={choice.value}
                  control={
                    <Checkbox
                      checked={chosen.includes(choice.value)}
                      onChange={(e) => toggle(choice.value, e.target.checked)}
                      slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }}
                    />
                  }
                  label={choice.label}
                />
              ))}
            </Box>
            {message || hint ? <FormHelperText>{message ?? hint}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );

  const section = (title: string, children: ReactNode, intro?: string) => (
    <PanelSection title={title} intro={intro}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <Stack spacing={3}>{children}</Stack>
      </Paper>
    </PanelSection>
  );

  return (
    <Stack component="form" noValidate spacing={4} onSubmit={(e) => void submit(e)}>
      {section(
        t('settings.contactTitle'),
        <>
          <TextField
            {...phone}
            inputRef={phoneRef}
            id="settings-phone"
            type="tel"
            label={t('settings.phone')}
            error={phoneMessage !== undefined}
            helperText={phoneMessage ?? t('settings.phoneHint')}
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off', maxLength: 20 } }}
            sx={{ maxWidth: { sm: 360 } }}
          />
          <Controller
            control={control}
            name="hoursKind"
            render={({ field }) => (
              <FormControl component="fieldset">
                <FormLabel component="legend" sx={{ fontWeight: 500 }}>
                  {t('settings.hours.legend')}
                </FormLabel>
                {settings.openingHoursText !== null ? (
                  <Alert severity="info" sx={{ my: 1 }}>
                    <Typography sx={{ fontWeight: 500 }}>
                      {t('settings.hours.stored', { text: settings.openingHoursText })}
                    </Typography>
                    {t('settings.hours.storedNote')}
                  </Alert>
                ) : null}
                <RadioGroup
                  row
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value as HoursKind)}
                  onBlur={field.onBlur}
                  name="hoursKind"
                >
                  {HOURS_KINDS.map((kind, i) => (
                    <FormControlLabel
                      key={kind}
                      value={kind}
                      control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
                      label={t(`settings.hours.${kind}`)}
                    />
                  ))}
                </RadioGroup>
                {errors.hoursKind ? (
                  <FormHelperText error>{fieldMessage(t, 'hoursKind', errors.hoursKind.message)}</FormHelperText>
                ) : null}
              </FormControl>
            )}
          />
          {hoursKind === 'weekly' ? (
            <FormControl component="fieldset" error={weekMessage !== undefined} sx={{ minWidth: 0 }}>
              <FormLabel component="legend" sx={visuallyHidden}>
                {t('settings.hours.weekLabel')}
              </FormLabel>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr 1fr', sm: '120px 110px 1fr 1fr' },
                  columnGap: 2,
                  rowGap: { xs: 1, sm: 1.5 },
                  alignItems: 'center',
                  maxWidth: 820,
                }}
              >
                <Box
                  aria-hidden
                  sx={{ display: { xs: 'none', sm: 'contents' }, color: 'text.secondary', fontSize: '0.9rem' }}
                >
                  <span />
                  <span />
                  <span>{t('settings.hours.opens')}</span>
                  <span>{t('settings.hours.closes')}</span>
                </Box>
                {WEEKDAYS.map((weekday, i) => {
                  const day = weekdayLong(t, weekday);
                  const open = week[i]?.open ?? false;
                  return (
                    <Box key={weekday} sx={{ display: 'contents' }}>
                      <Typography sx={{ fontWeight: 600, pt: { xs: 1, sm: 0 } }}>{day}</Typography>
                      <Controller
                        control={control}
                        name={`week.${i}.open`}
                        render={({ field }) => (
                          <FormControlLabel
                            sx={{ pt: { xs: 1, sm: 0 } }}
                            control={
                              <Checkbox
                                checked={field.value}
                                onChange={(e) => field.onChange(e.target.checked)}
                                onBlur={field.onBlur}
                                slotProps={{
                                  input: { ref: field.ref, 'aria-label': t('settings.hours.openOn', { day }) },
                                }}
                              />
                            }
                            label={t('settings.hours.open')}
                          />
                        )}
                      />
                      {open ? (
                        (['opens', 'closes'] as const).map((part) => (
                          <Controller
                            key={part}
                            control={control}
                            name={`week.${i}.${part}`}
                            render={({ field, fieldState }) => (
                              <ClockTimeField
                                label={t(part === 'opens' ? 'settings.hours.opensOn' : 'settings.hours.closesOn', {
                                  day,
                                })}
                                labelSx={(theme) => ({ [theme.breakpoints.up('sm')]: visuallyHidden })}
                                name={`${baseId}-${part}-${weekday}`}
                                value={field.value}
                                onChange={field.onChange}
                                onBlur={field.onBlur}
                                inputRef={field.ref}
                                error={fieldState.error !== undefined}
                                helperText={fieldMessage(t, part, fieldState.error?.message)}
                              />
                            )}
                          />
                        ))
                      ) : (
                        <Typography
                          color="text.secondary"
                          sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' }, pb: { xs: 1, sm: 0 } }}
                        >
                          {t('settings.hours.closed')}
                        </Typography>
                      )}
                    </Box>
                  );
                })}
              </Box>
              {weekMessage ? (
                <FormHelperText>
                  {weekMessage === 'required' ? t('settings.hours.dayRequired') : fieldMessage(t, 'week', weekMessage)}
                </FormHelperText>
              ) : null}
            </FormControl>
          ) : null}
          {settings.kind === 'pharmacy' ? (
            <CheckboxField control={control} name="nearHomePharmacy" texts="settings.nearHome" />
          ) : (
            // Apart from the outpatient hours: a hospital whose OPD closes at 16:00 is still open to a patient at night.
            <CheckboxField control={control} name="emergency24h" texts="settings.emergency" />
          )}
        </>,
        t('settings.intro'),
      )}
      {section(
        t('settings.messagesTitle'),
        <>
          <Box>
            <TextField
              {...replyField}
              inputRef={replyRef}
              id="settings-replyWithinHours"
              label={t('settings.replyWithin')}
              error={replyMessage !== undefined}
              helperText={replyMessage ?? t('settings.replyWithinHint')}
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 },
                input: { endAdornment: <InputAdornment position="end">{t('settings.hoursUnit')}</InputAdornment> },
              }}
              sx={{ maxWidth: { sm: 360 } }}
            />
            {replyLine ? <Typography sx={{ mt: 1, fontWeight: 500 }}>{replyLine}</Typography> : null}
          </Box>
          <Typography color="text.secondary">{t('settings.messagesNote')}</Typography>
        </>,
        t('settings.messagesIntro'),
      )}
      {section(
        t('settings.coverageTitle'),
        <>
          {checkboxes(
            'schemes',
            t('settings.schemes'),
            HealthScheme.options.map((s) => ({ value: s, label: t(`schemes.${s}`) })),
          )}
          {checkboxes(
            'insurers',
            t('settings.insurers'),
            insurers.map((i) => ({ value: i, label: insurerName(i, lang) })),
            t('settings.insurersHint'),
          )}
        </>,
      )}
      {section(
        t('settings.depositTitle'),
        <>
          <Alert severity={settings.receivesDeposits ? 'success' : 'warning'}>
            {settings.receivesDeposits ? t('settings.promptpayYes') : t('settings.promptpayNo')}
          </Alert>
          <Box>
            <TextField
              {...depositField}
              inputRef={depositRef}
              id="settings-depositAmount"
              label={t('settings.deposit')}
              required
              error={depositMessage !== undefined}
              helperText={depositMessage ?? t('settings.depositHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 9 } }}
              sx={{ maxWidth: { sm: 360 } }}
            />
            {deposit !== null && Number.isInteger(deposit) && deposit >= 0 ? (
              <Typography sx={{ mt: 1, fontWeight: 500 }}>
                {t('settings.depositIs', { amount: formatMoney(t, deposit, lang) })}
              </Typography>
            ) : null}
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', '& li': { mb: 0.5 } }}>
            <li>{t('settings.depositNote')}</li>
            <li>{t('settings.promptpayNote')}</li>
          </Box>
        </>,
      )}
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" size="large" loading={isSubmitting} sx={{ minWidth: 200 }}>
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}

/** One yes-or-no setting with its legend, label and hint (or the server's reason it was refused). */
function CheckboxField({
  control,
  name,
  texts,
}: {
  control: Control<FacilitySettingsValues, unknown, SettingsBody>;
  name: 'emergency24h' | 'nearHomePharmacy';
  texts: 'settings.emergency' | 'settings.nearHome';
}) {
  const { t } = useStaffTexts();
  const hintId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldMessage(t, name, fieldState.error?.message);
        return (
          <FormControl component="fieldset" error={message !== undefined}>
            <FormLabel component="legend" sx={{ fontWeight: 500 }}>
              {t(`${texts}.legend`)}
            </FormLabel>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
                />
              }
              label={t(`${texts}.label`)}
            />
            <FormHelperText id={hintId}>{message ?? t(`${texts}.hint`)}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
