import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type Ref } from 'react';
import { useStaffTexts } from '../staff.texts';

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const MINUTES = Array.from({ length: 12 }, (_, i) => String(i * 5).padStart(2, '0'));

export interface ClockTimeFieldProps {
  label: string;
  /** HH:MM, 24-hour. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name: string;
  inputRef?: Ref<HTMLSelectElement>;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  /** The label's own style: e.g. hidden from view where a column heading says it (it still names the field). */
  labelSx?: SxProps<Theme>;
}

/**
 * A time of day as two selects, hour and minute, always on the 24-hour clock as Thai hospitals write it
 * (a browser's own time box follows its language and may say 05:00 PM). Minutes come in fives; a time
 * saved with another minute keeps it as a choice.
 */
export function ClockTimeField({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  required,
  error = false,
  helperText,
  labelSx,
}: ClockTimeFieldProps) {
  const { t } = useStaffTexts();
  const legendId = useId();
  const helperId = useId();
  const [hour = '09', minute = '00'] = value.split(':');
  const minutes = MINUTES.includes(minute) ? MINUTES : [...MINUTES, minute].sort();
  const select = (part: 'hour' | 'minute') => ({
    select: true as const,
    name: `${name}-${part}`,
    error,
    onBlur,
    slotProps: {
      select: { native: true },
      inputLabel: { shrink: true },
      htmlInput: { 'aria-describedby': helperText ? helperId : undefined },
    },
  });
  return (
    <FormControl
      component="fieldset"
      error={error}
      required={required}
      aria-labelledby={legendId}
      sx={{ flex: 1, minWidth: 0 }}
    >
      <FormLabel
        component="legend"
        id={legendId}
        sx={[{ mb: 1.5, fontSize: '0.9rem' }, ...(Array.isArray(labelSx) ? labelSx : [labelSx])]}
      >
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1}>
        <TextField
          {...select('hour')}
          label={t('form.hour')}
          value={hour}
          inputRef={inputRef}
          onChange={(e) => onChange(`${e.target.value}:${minute}`)}
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </TextField>
        <TextField
          {...select('minute')}
          label={t('form.minute')}
          value={minute}
          onChange={(e) => onChange(`${hour}:${e.target.value}`)}
        >
          {minutes.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </TextField>
      </Stack>
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
