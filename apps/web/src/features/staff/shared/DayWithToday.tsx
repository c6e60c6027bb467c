import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DateSelectField } from '../../../components/DateSelectField';

export interface DayWithTodayProps {
  label: string;
  name: string;
  /** The words of the button back to today. */
  todayLabel: string;
  value: string;
  today: string;
  onChange: (date: string) => void;
  fromYear: number;
  toYear: number;
}

/** A day asked as day / month / year, with a button back to today beside it (below it on a phone). */
export function DayWithToday({ label, name, todayLabel, value, today, onChange, fromYear, toYear }: DayWithTodayProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: { xs: '1 1 100%', sm: 1 }, minWidth: 0 }}>
        <DateSelectField
          label={label}
          name={name}
          value={value}
          onChange={(next) => next && onChange(next)}
          fromYear={fromYear}
          toYear={toYear}
        />
      </Box>
      <Button
        variant="outlined"
        onClick={() => onChange(today)}
        disabled={value === today}
        sx={{ mt: { xs: 0, sm: 4.25 }, flexShrink: 0 }}
      >
        {todayLabel}
      </Button>
    </Box>
  );
}
