import {
  ExtraSessionBody,
  WeeklyTemplateBody,
  minutesBetween,
  todayInBangkok,
  type Clinic,
  type ScheduleTemplate,
} from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { appLanguage } from '../../../i18n/language';
import { FormActions } from '../../../components/FormActions';
import { FormDateField } from '../../../components/FormDateField';
import { contractResolver, numberFromText } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { ClockTimeField } from '../shared/ClockTimeField';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { WEEKDAYS, weekdayLong } from '../shared/staff-format';
import { useSaveSession, type SaveSession, type SessionKind } from './schedule.queries';
import { useStaffTexts } from '../staff.texts';

export interface SessionFormValues {
  weekdays: number[];
  onDate: string;
  sessionStart: string;
  sessionEnd: string;
  slotMinutes: string;
  places: string;
  clinicId: string;
  clinicianMemberId: string;
  clinician: string;
  depositAmount: string;
}
type FieldName = keyof SessionFormValues;
type SessionBody = z.output<typeof WeeklyTemplateBody> | z.output<typeof ExtraSessionBody>;

/** A number box as the body's number: an empty box is missing (required), anything else not a number is NaN. */
const wholeNumberOf = (text: string) => (numberFromText(text) ?? undefined) as number;

const common = (v: SessionFormValues) => ({
  sessionStart: v.sessionStart,
  sessionEnd: v.sessionEnd,
  slotMinutes: wholeNumberOf(v.slotMinutes),
  places: wholeNumberOf(v.places),
  clinicId: v.clinicId || undefined,
  clinicianMemberId: v.clinicianMemberId || undefined,
  clinician: v.clinician,
  depositAmount: wholeNumberOf(v.depositAmount),
});

const resolvers: Record<SessionKind, Resolver<SessionFormValues, unknown, SessionBody>> = {
  weekly: contractResolver(WeeklyTemplateBody, (v: SessionFormValues) => ({ ...common(v), weekdays: v.weekdays })),
  extra: contractResolver(ExtraSessionBody, (v: SessionFormValues) => ({ ...common(v), onDate: v.onDate })),
};

const FIELDS: readonly FieldName[] = [
  'weekdays',
  'onDate',
  'sessionStart',
  'sessionEnd',
  'slotMinutes',
  'places',
  'clinicId',
  'clinicianMemberId',
  'clinician',
  'depositAmount',
];
const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];

function valuesOf(session: ScheduleTemplate | null, firstClinic: string): SessionFormValues {
  return {
    weekdays: session?.weekdays ?? [],
    onDate: session?.onDate ?? '',
    sessionStart: session?.sessionStart ?? '09:00',
    sessionEnd: session?.sessionEnd ?? '12:00',
    slotMinutes: String(session?.slotMinutes ?? 30),
    places: String(session?.places ?? 1),
    clinicId: session?.clinicId ?? firstClinic,
    clinicianMemberId: session?.clinicianMemberId ?? '',
    clinician: session?.clinicianMemberId ? '' : (session?.clinician ?? ''),
    depositAmount: String(session?.depositAmount ?? 0),
  };
}

/** How many slots the hours make, once the hours and the slot length make sense. */
function slotsMade(start: string, end: string, slotText: string): number | null {
  const slot = numberFromText(slotText);
  if (
    !/^\d{2}:\d{2}$/.test(start) ||
    !/^\d{2}:\d{2}$/.test(end) ||
    slot === null ||
    !Number.isInteger(slot) ||
    slot < 5
  )
    return null;
  const count = Math.floor(minutesBetween(start, end) / slot);
  return count > 0 ? count : null;
}

export interface SessionFormProps {
  facilityId: string;
  kind: SessionKind;
  /** The session to change; null adds one. */
  session: ScheduleTemplate | null;
  /** The facility's clinics (a session belongs to one; none yet: the first session makes the general clinic). */
  clinics: Clinic[];
  /** The facility's clinicians, who may be named as the one who sees the session's patients. */
  clinicians: { id: string; displayName: string }[];
  onSaved: (session: ScheduleTemplate) => void;
  onCancel: () => void;
}

/** Adds or changes a weekly session (its weekdays) or an extra session (its date): hours, slot length, places, clinician, deposit. */
export function SessionForm({ facilityId, kind, session, clinics, clinicians, onSaved, onCancel }: SessionFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const save = useSaveSession(facilityId);
  const weekdaysHelpId = useId();
  const { form, formError, onSubmit } = useContractForm<SessionFormValues, SessionBody>({
    resolver: resolvers[kind],
    defaultValues: valuesOf(session, clinics[0]?.id ?? ''),
    fields: FIELDS,
    errorMessage: (error) => staffErrorMessage(t, error, lang),
    errorCodes: { places_below_booked: 'places' },
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [start, end, slot, memberChosen] = useWatch({
    control,
    name: ['sessionStart', 'sessionEnd', 'slotMinutes', 'clinicianMemberId'],
  });
  const made = slotsMade(start, end, slot);
  const thisYear = Number(todayInBangkok().slice(0, 4));

  const messageOf = (name: FieldName) => fieldMessage(t, name, errors[name]?.message);
  /**
   * One box of the form, wired to its field and its message; with `choices`, a choice among a few known values as a
   * native select (big, and read well by screen readers).
   */
  const field = (
    name: FieldName,
    label: string,
    options: {
      hint?: string;
      numeric?: boolean;
      required?: boolean;
      choices?: { value: string; label: string }[];
    } = {},
  ) => {
    const { ref, ...rest } = register(name);
    const message = messageOf(name);
    const { choices } = options;
    return (
      <TextField
        {...rest}
        select={choices !== undefined}
        inputRef={ref}
        id={`session-${name}`}
        label={label}
        required={options.required ?? true}
        error={message !== undefined}
        helperText={message ?? options.hint}
        slotProps={
          choices
            ? { select: { native: true }, inputLabel: { shrink: true } }
            : { htmlInput: options.numeric ? { inputMode: 'numeric', autoComplete: 'off' } : undefined }
        }
      >
        {choices?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </TextField>
    );
  };

  const clinicOptions = clinics.map((c) => ({
    value: c.id,
    label: `${c.queuePrefix} · ${lang === 'en' ? c.nameEn : c.nameTh}`,
  }));
  const clinicianOptions = [
    { value: '', label: t('form.clinicianMemberNone') },
    ...clinicians.map((c) => ({ value: c.id, label: c.displayName })),
  ];

  const submit = onSubmit(async (body) =>
    onSaved(await save.mutateAsync({ kind, id: session?.id, body } as SaveSession)),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      {kind === 'weekly' ? (
        <Controller
          control={control}
          name="weekdays"
          render={({ field: days, fieldState }) => {
            const toggle = (day: number, on: boolean) =>
              days.onChange(on ? [...days.value, day].sort((a, b) => a - b) : days.value.filter((d) => d !== day));
            const reason = fieldState.error?.message;
            const message = reason === 'required' ? t('form.weekdaysRequired') : fieldMessage(t, 'weekdays', reason);
            return (
              <FormControl component="fieldset" required error={message !== undefined} onBlur={days.onBlur}>
                <FormLabel component="legend">{t('form.weekdays')}</FormLabel>
                <FormGroup
                  aria-describedby={message ? weekdaysHelpId : undefined}
                  sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' } }}
                >
                  {WEEKDAYS.map((day, i) => (
                    <FormControlLabel
                      key={day}
                      control={
                        <Checkbox
                          checked={days.value.includes(day)}
                          onChange={(e) => toggle(day, e.target.checked)}
                          slotProps={{ input: { ref: i === 0 ? days.ref : undefined } }}
                        />
                      }
                      label={weekdayLong(t, day)}
                    />
                  ))}
                </FormGroup>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('form.weekdaysPresets')}
                  </Typography>
                  <Button size="small" variant="outlined" onClick={() => days.onChange(MONDAY_TO_FRIDAY)}>
                    {t('form.mondayToFriday')}
                  </Button>
                  <Button size="small" variant="outlined" onClick={() => days.onChange([...WEEKDAYS])}>
                    {t('form.everyDay')}
                  </Button>
                </Box>
                {message ? <FormHelperText id={weekdaysHelpId}>{message}</FormHelperText> : null}
              </FormControl>
            );
          }}
        />
      ) : (
        <FormDateField
          control={control}
          name="onDate"
          label={t('form.onDate')}
          required
          fromYear={thisYear}
          toYear={thisYear + 1}
          describeError={(reason) => fieldMessage(t, 'onDate', reason)}
        />
      )}
      <Stack direction="row" spacing={1.5}>
        {(['sessionStart', 'sessionEnd'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field: time, fieldState }) => (
              <ClockTimeField
                label={t(`form.${name}`)}
                name={name}
                required
                value={time.value}
                onChange={time.onChange}
                onBlur={time.onBlur}
                inputRef={time.ref}
                error={fieldState.error !== undefined}
                helperText={fieldMessage(t, name, fieldState.error?.message)}
              />
            )}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1.5}>
        {field('slotMinutes', t('form.slotMinutes'), {
          numeric: true,
          hint: made ? t('form.makes', { count: made }) : undefined,
        })}
        {field('places', t('form.places'), { numeric: true })}
      </Stack>
      {clinics.length > 0
        ? field('clinicId', t('form.clinic'), { choices: clinicOptions, hint: t('form.clinicHint'), required: false })
        : null}
      {clinicians.length > 0
        ? field('clinicianMemberId', t('form.clinicianMember'), {
            choices: clinicianOptions,
            hint: t('form.clinicianMemberHint'),
            required: false,
          })
        : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2.5, sm: 1.5 }}>
        <Box sx={{ flex: 2 }}>
          {memberChosen
            ? null
            : field('clinician', t('form.clinician'), { hint: t('form.clinicianHint'), required: false })}
        </Box>
        <Box sx={{ flex: 1 }}>
          {field('depositAmount', t('form.depositAmount'), { numeric: true, hint: t('form.depositHint') })}
        </Box>
      </Stack>
      <FormActions error={formError} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
