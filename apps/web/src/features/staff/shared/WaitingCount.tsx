import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../lib/visually-hidden';

export interface WaitingCountProps {
  /** What the tab is. */
  label: string;
  /** What waits there (threads for a reply, requests for a decision); nothing is added while unknown or none. */
  count: number | undefined;
  /** The count in words for a screen reader: '(รอตอบ 3 เรื่อง)'. */
  spoken: (count: number) => string;
}

/**
 * A tab's name with how many things wait there: a number in a red pill to the eye, a few words to a screen reader
 * ("ข้อความผู้ป่วย (รอตอบ 3 เรื่อง)").
 */
export function WaitingCount({ label, count, spoken }: WaitingCountProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
      {label}
      {count ? (
        <>
          <Box
            component="span"
            aria-hidden
            sx={{
              ml: 1,
              px: 0.75,
              minWidth: 24,
              borderRadius: 12,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              fontSize: '0.875rem',
              fontWeight: 700,
              lineHeight: '24px',
              textAlign: 'center',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {count}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {spoken(count)}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
