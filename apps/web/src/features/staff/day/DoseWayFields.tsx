import { FIXED_DOSE_TIMES, INTERVAL_HOURS, MealTiming } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  Controller,
  useWatch,
  type Control,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { ClockTimeField } from '../shared/ClockTimeField';
import { fieldMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { DOSE_WAYS, type DoseWay, type DoseWayValues, doseTimeName, intervalClockTimes } from './dose-way';

const REASON_SUGGESTIONS = ['fever', 'pain', 'nausea', 'cough'] as const;
const MEAL_TIMINGS = MealTiming.options;
// As tall as the app's other buttons (a finger's 44 px); the chosen one filled like a chosen chip (navy on the brand
// blue, 6.7:1), not MUI's light blue text on a tint, which a glance misses.
const TOGGLE_SX = {
  px: 1.5,
  py: 0.5,
  minHeight: 44,
  color: 'text.primary',
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 600 },
};

export interface DoseWayFieldsProps<T extends FieldValues, TBody> {
  control: Control<T, unknown, TBody>;
  register: UseFormRegister<T>;
  /** Where the prescription's DoseWayValues sit in the form ('prescriptions.0', 'prescription'). */
  name: string;
  /** Their errors: the contract's and the server's reasons, at the body's paths under `name`. */
  errors: FieldErrors<DoseWayValues> | undefined;
  /** Unique in the page: the boxes' ids start with it. */
  idBase: string;
}

const messageOf = (error: unknown) => (error as FieldError | undefined)?.message;

/**
 * How a prescription is taken, in the rows of the visit form and of a prescription's correction: at meals (units at
 * each meal and at bedtime, before or after the meals), every N hours from a first clock time, or as needed (units
 * each time, at most so many times a day, and what for). Only the chosen way's boxes show and are sent.
 */
export function DoseWayFields<T extends FieldValues, TBody>({
  control,
  register,
  name,
  errors,
  idBase,
}: DoseWayFieldsProps<T, TBody>) {
  const { t } = useStaffTexts();
  const path = (field: string) => `${name}.${field}` as FieldPath<T>;
  const way = useWatch({ control, name: path('way') }) as DoseWay;
  const timing = useWatch({ control, name: path('mealTiming') }) as DoseWayValues['mealTiming'];
  const interval = useWatch({ control, name: path('intervalDose') }) as DoseWayValues['intervalDose'];
  const wayLabelId = `${idBase}-way-label`;
  const helpId = `${idBase}-way-help`;

  // A reason about the way as a whole (none given, two ways at once) shows under whichever way is chosen.
  const wayReason =
    messageOf(errors?.doses) ??
    messageOf(errors?.intervalDose) ??
    messageOf(errors?.asNeeded) ??
    messageOf(errors?.mealTiming);

  /**
   * A number box of the way. Its reason is worded for `field` ('doseAmount', 'maxPerDay') under it; the meals' boxes
   * (`inGroup`) only turn red, their reason said once under the four.
   */
  const numberBox = (
    box: string,
    label: string,
    error: FieldError | undefined,
    field: string,
    { inGroup = false }: { inGroup?: boolean } = {},
  ) => {
    const { ref, ...rest } = register(path(box));
    const message = inGroup ? undefined : fieldMessage(t, field, error?.message);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`${idBase}-${box.replace(/\./g, '-')}`}
        label={label}
        placeholder={inGroup ? '0' : undefined}
        error={error !== undefined || (inGroup && messageOf(errors?.doses) !== undefined)}
        helperText={message}
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 2 },
          inputLabel: { shrink: true },
        }}
      />
    );
  };

  /** The chosen way's boxes, named by `legend` (read out; the toggle above already says it on screen). */
  const wayGroup = (legend: string, children: ReactNode, help: string | undefined, reason: string | undefined) => {
    const message = fieldMessage(t, reasonField(way), reason);
    return (
      <FormControl
        component="fieldset"
        error={message !== undefined}
        aria-describedby={message || help ? helpId : undefined}
        sx={{ minWidth: 0 }}
      >
        <FormLabel component="legend" sx={way === 'meals' ? { mb: 1.5, fontSize: '0.9rem' } : visuallyHidden}>
          {legend}
        </FormLabel>
        {children}
        {message || help ? <FormHelperText id={helpId}>{message ?? help}</FormHelperText> : null}
      </FormControl>
    );
  };

  const mealsReason = wayReason ?? FIXED_DOSE_TIMES.map((time) => errors?.doses?.[time]?.message).find(Boolean);
  const times =
    interval && interval.everyHours !== '' ? intervalClockTimes(interval.firstTime, Number(interval.everyHours)) : [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 1.5 }}>
        <Box sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <Typography id={wayLabelId} component="div" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('visit.way')}
          </Typography>
          <Controller
            control={control}
            name={path('way')}
            render={({ field }) => (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={field.value}
                onChange={(_event, chosen: DoseWay | null) => {
                  if (chosen) field.onChange(chosen);
                }}
                aria-labelledby={wayLabelId}
                // On a phone the three share the width, a long name on two lines, rather than one wrapping alone.
                sx={{ display: 'flex', width: { xs: '100%', sm: 'auto' } }}
              >
                {DOSE_WAYS.map((option) => (
                  <ToggleButton
                    key={option}
                    value={option}
                    sx={[TOGGLE_SX, { flex: { xs: 1, sm: 'none' }, minWidth: 0 }]}
                  >
                    {t(`visit.ways.${option}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          />
        </Box>
        {way === 'meals' ? (
          <Controller
            control={control}
            name={path('mealTiming')}
            render={({ field }) => (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={field.value}
                onChange={(_event, chosen: DoseWayValues['mealTiming'] | null) => {
                  if (chosen) field.onChange(chosen);
                }}
                aria-label={t('visit.mealTiming')}
              >
                {MEAL_TIMINGS.map((option) => (
                  <ToggleButton key={option} value={option} sx={TOGGLE_SX}>
                    {t(`visit.mealTimings.${option}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          />
        ) : null}
      </Box>

      {way === 'meals'
        ? wayGroup(
            t('visit.doses'),
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(7.5rem, 1fr))' }}>
              {FIXED_DOSE_TIMES.map((time) => (
                <Box key={time}>
                  {numberBox(`doses.${time}`, doseTimeName(t, time, timing), errors?.doses?.[time], 'doses', {
                    inGroup: true,
                  })}
                </Box>
              ))}
            </Box>,
            timing === 'before' ? t('visit.beforeMealHint') : t('visit.dosesHint'),
            mealsReason,
          )
        : null}

      {way === 'interval'
        ? wayGroup(
            t('visit.intervalDoses'),
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'end',
                gridTemplateColumns: 'repeat(auto-fit, minmax(9.5rem, 1fr))',
              }}
            >
              <Controller
                control={control}
                name={path('intervalDose.everyHours')}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    id={`${idBase}-everyHours`}
                    label={t('visit.everyHours')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error !== undefined}
                    // Any reason here is a choice not made: the union's own reason does not reach the form.
                    helperText={fieldState.error ? fieldMessage(t, 'everyHours', 'invalid_choice') : undefined}
                    fullWidth
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="" disabled>
                      {t('visit.everyHoursChoose')}
                    </option>
                    {INTERVAL_HOURS.map((hours) => (
                      <option key={hours} value={String(hours)}>
                        {t('visit.everyHoursOption', { hours })}
                      </option>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name={path('intervalDose.firstTime')}
                render={({ field, fieldState }) => (
                  <ClockTimeField
                    label={t('visit.firstTime')}
                    name={field.name}
                    value={field.value as string}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error !== undefined}
                    helperText={fieldMessage(t, 'firstTime', fieldState.error?.message)}
                  />
                )}
              />
              {numberBox('intervalDose.amount', t('visit.amountEachTime'), errors?.intervalDose?.amount, 'doseAmount')}
            </Box>,
            times.length > 0 ? t('visit.intervalTimes', { times: times.join(' · '), count: times.length }) : undefined,
            wayReason,
          )
        : null}

      {way === 'asNeeded'
        ? wayGroup(
            t('visit.asNeededDoses'),
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
              <Box sx={{ flex: '1 1 7.5rem', maxWidth: { sm: '10rem' } }}>
                {numberBox('asNeeded.amount', t('visit.amountEachTime'), errors?.asNeeded?.amount, 'doseAmount')}
              </Box>
              <Box sx={{ flex: '1 1 7.5rem', maxWidth: { sm: '10rem' } }}>
                {numberBox('asNeeded.maxPerDay', t('visit.maxPerDay'), errors?.asNeeded?.maxPerDay, 'maxPerDay')}
              </Box>
              <Controller
                control={control}
                name={path('asNeeded.reason')}
                render={({ field, fieldState }) => {
                  const message = fieldMessage(t, 'reason', fieldState.error?.message);
                  return (
                    <>
                      <Box sx={{ flex: '3 1 14rem', minWidth: 0 }}>
                        <TextField
                          id={`${idBase}-asNeeded-reason`}
                          label={t('visit.asNeededReason')}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          inputRef={field.ref}
                          name={field.name}
                          error={message !== undefined}
                          helperText={message ?? t('visit.asNeededReasonHint')}
                          fullWidth
                          slotProps={{ htmlInput: { maxLength: 100 }, inputLabel: { shrink: true } }}
                        />
                      </Box>
                      <Box
                        role="group"
                        aria-labelledby={`${idBase}-suggestions`}
                        sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
                      >
                        <Typography id={`${idBase}-suggestions`} variant="body2" color="text.secondary">
                          {t('visit.reasonSuggestions')}
                        </Typography>
                        {REASON_SUGGESTIONS.map((key) => {
                          const text = t(`visit.reasons.${key}`);
                          const chosen = field.value === text;
                          return (
                            <Chip
                              key={key}
                              label={text}
                              color={chosen ? 'primary' : 'default'}
                              variant={chosen ? 'filled' : 'outlined'}
                              aria-pressed={chosen}
                              onClick={() => field.onChange(text)}
                            />
                          );
                        })}
                      </Box>
                    </>
                  );
                }}
              />
            </Box>,
            undefined,
            wayReason,
          )
        : null}
    </Box>
  );
}

/** The field a way's own reason is worded for: 'no_doses' of the meals, a range of the units. */
function reasonField(way: DoseWay): string {
  return way === 'meals' ? 'doses' : way;
}
