import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useStaffTexts } from '../staff.texts';

export interface WaitingCountProps {
  /** What the tab is. */
  label: string;
  /** Threads waiting for a reply there; nothing is added while unknown or none. */
  count: number | undefined;
}

/**
 * A tab's name with how many threads wait for a reply there: a number in a red pill to the eye, a few words to a
 * screen reader ("ข้อความผู้ป่วย (รอตอบ 3 เรื่อง)").
 */
export function WaitingCount({ label, count }: WaitingCountProps) {
  const { t } = useStaffTexts();
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
            {t('inbox.waitingCount', { count })}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
