import { EARLIEST_BIRTHDAY, todayInBangkok } from '@klaimor/contracts';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState, type Ref } from 'react';
import {
  daysInMonth,
  fromBuddhistYear,
  monthNames,
  parseIsoDate,
  toBuddhistYear,
  toIsoDate,
} from '../../lib/thai-date';
import { usePersonTexts } from '../../i18n/person/person.texts';

export interface BirthdayFieldProps {
  /** ISO date (YYYY-MM-DD), or '' while incomplete. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLSelectElement>;
  error?: boolean;
  helperText?: string;
}

interface Parts {
  day: string;
  month: string;
  year: string; // Buddhist Era
}

function partsOf(iso: string): Parts {
  const p = parseIsoDate(iso);
  return p
    ? { day: String(p.day), month: String(p.month), year: String(toBuddhistYear(p.year)) }
    : { day: '', month: '', year: '' };
}

/**
 * Date of birth as three native selects: day, Thai month name, Buddhist Era year.
 * Emits an ISO date once all three are chosen (the form stores ISO).
 */
export function BirthdayField({ value, onChange, onBlur, inputRef, error = false, helperText }: BirthdayFieldProps) {
  const { t, i18n } = usePersonTexts();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'th';
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const legendId = useId();
  const helperId = useId();

  const months = useMemo(() => monthNames(lang), [lang]);
  const years = useMemo(() => {
    const latest = toBuddhistYear(Number(todayInBangkok().slice(0, 4)));
    const earliest = toBuddhistYear(Number(EARLIEST_BIRTHDAY.slice(0, 4)));
    return Array.from({ length: latest - earliest + 1 }, (_, i) => latest - i);
  }, []);
  const dayCount =
    parts.month && parts.year ? daysInMonth(fromBuddhistYear(Number(parts.year)), Number(parts.month)) : 31;

  const update = (patch: Partial<Parts>) => {
    const next = { ...parts, ...patch };
    if (next.day && next.month && next.year) {
      const max = daysInMonth(fromBuddhistYear(Number(next.year)), Number(next.month));
      if (Number(next.day) > max) next.day = '';
    }
    setParts(next);
    onChange(
      next.day && next.month && next.year
        ? toIsoDate({ year: fromBuddhistYear(Number(next.year)), month: Number(next.month), day: Number(next.day) })
        : '',
    );
  };

  const selectProps = (label: string) => ({
    select: true as const,
    label,
    error,
    onBlur,
    slotProps: {
      select: { native: true },
      htmlInput: { 'aria-describedby': helperText ? helperId : undefined },
      inputLabel: { shrink: true },
    },
  });

  return (
    <FormControl component="fieldset" error={error} required aria-labelledby={legendId} sx={{ width: '100%' }}>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1.5, fontSize: '0.9rem' }}>
        {t('register.birthday.label')}
      </FormLabel>
      {/* In rem, so at large text sizes the selects wrap onto more lines rather than cut "เลือก" short. */}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <TextField
          {...selectProps(t('register.birthday.day'))}
          name="birthday-day"
          value={parts.day}
          onChange={(e) => update({ day: e.target.value })}
          inputRef={inputRef}
          sx={{ flex: '1 1 5rem' }}
        >
          <option value="">{t('register.birthday.choose')}</option>
          {Array.from({ length: dayCount }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>
              {i + 1}
            </option>
          ))}
        </TextField>
        <TextField
          {...selectProps(t('register.birthday.month'))}
          name="birthday-month"
          value={parts.month}
          onChange={(e) => update({ month: e.target.value })}
          sx={{ flex: '3 1 6.5rem' }}
        >
          <option value="">{t('register.birthday.choose')}</option>
          {months.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </TextField>
        <TextField
          {...selectProps(t('register.birthday.year'))}
          name="birthday-year"
          value={parts.year}
          onChange={(e) => update({ year: e.target.value })}
          sx={{ flex: '1 1 6rem' }}
        >
          <option value="">{t('register.birthday.choose')}</option>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </TextField>
      </Stack>
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
