import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState, type Ref } from 'react';
import { daysInMonth, displayYear, monthNames, parseIsoDate, toIsoDate } from '../lib/thai-date';
import { usePersonTexts } from '../i18n/person/person.texts';
import { appLanguage } from '../i18n/language';

export interface DateSelectFieldProps {
  label: string;
  /** ISO date (YYYY-MM-DD), or '' when none or incomplete. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Gregorian years offered, newest first in the list. */
  fromYear: number;
  toYear: number;
  /** Only for one name among several date fields of a form (e.g. "validFrom"). */
  name?: string;
  inputRef?: Ref<HTMLSelectElement>;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

interface Parts {
  day: string;
  month: string;
  year: string; // Common Era, whatever the language shows
}

const EMPTY: Parts = { day: '', month: '', year: '' };

function partsOf(iso: string): Parts | null {
  const p = parseIsoDate(iso);
  return p ? { day: String(p.day), month: String(p.month), year: String(p.year) } : null;
}

/**
 * A calendar date as three native selects (day, month name, year: Buddhist Era in Thai, Common Era in English), the
 * way the birthday is asked at sign-up; MUI's date pickers are not part of the app. Emits an ISO date once all three
 * are chosen and '' otherwise, so an optional date is cleared by blanking any part.
 */
export function DateSelectField({
  label,
  value,
  onChange,
  onBlur,
  fromYear,
  toYear,
  name,
  inputRef,
  required = false,
  error = false,
  helperText,
}: DateSelectFieldProps) {
  // The part labels are the birthday's: day, month, BE year and "choose" read the same for any date.
  const { t, i18n } = usePersonTexts();
  const lang = appLanguage(i18n);
  // While a date is incomplete the parts live here; a complete value is always read from `value`.
  const [draft, setDraft] = useState<Parts | null>(null);
  const parts = partsOf(value) ?? draft ?? EMPTY;
  const legendId = useId();
  const helperId = useId();

  const months = useMemo(() => monthNames(lang), [lang]);
  const years = useMemo(
    () => Array.from({ length: Math.max(0, toYear - fromYear + 1) }, (_, i) => toYear - i),
    [fromYear, toYear],
  );
  const dayCount = parts.month && parts.year ? daysInMonth(Number(parts.year), Number(parts.month)) : 31;

  const update = (patch: Partial<Parts>) => {
    const next = { ...parts, ...patch };
    if (next.day && next.month && next.year) {
      const max = daysInMonth(Number(next.year), Number(next.month));
      if (Number(next.day) > max) next.day = '';
    }
    const complete = next.day !== '' && next.month !== '' && next.year !== '';
    setDraft(complete ? null : next);
    onChange(complete ? toIsoDate({ year: Number(next.year), month: Number(next.month), day: Number(next.day) }) : '');
  };

  const selectProps = (partLabel: string, part: keyof Parts) => ({
    select: true as const,
    label: partLabel,
    name: name ? `${name}-${part}` : undefined,
    value: parts[part],
    error,
    onBlur,
    onChange: (e: { target: { value: string } }) => update({ [part]: e.target.value }),
    slotProps: {
      select: { native: true },
      htmlInput: { 'aria-describedby': helperText ? helperId : undefined },
      inputLabel: { shrink: true },
    },
  });
  const blank = <option value="">{t('register.birthday.choose')}</option>;

  return (
    <FormControl
      component="fieldset"
      error={error}
      required={required}
      aria-labelledby={legendId}
      sx={{ width: '100%' }}
    >
      <FormLabel component="legend" id={legendId} sx={{ mb: 1.5, fontSize: '0.9rem' }}>
        {label}
      </FormLabel>
      {/*
        In rem, so at large text sizes the selects wrap onto more lines rather than cut "เลือก" or "Choose" short; the
        month widest, so that the longest name (พฤศจิกายน) reads whole beside the day and the year on a phone.
      */}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <TextField {...selectProps(t('register.birthday.day'), 'day')} inputRef={inputRef} sx={{ flex: '1 1 6.5rem' }}>
          {blank}
          {Array.from({ length: dayCount }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>
              {i + 1}
            </option>
          ))}
        </TextField>
        <TextField {...selectProps(t('register.birthday.month'), 'month')} sx={{ flex: '3 1 8rem' }}>
          {blank}
          {months.map((monthName, i) => (
            <option key={monthName} value={String(i + 1)}>
              {monthName}
            </option>
          ))}
        </TextField>
        <TextField {...selectProps(t('register.birthday.year'), 'year')} sx={{ flex: '1 1 6.5rem' }}>
          {blank}
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {displayYear(y, lang)}
            </option>
          ))}
        </TextField>
      </Stack>
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
