import type { ResultFlag } from '@klaimor/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';

const FLAG_ICONS = { high: ArrowUpwardIcon, normal: CheckCircleIcon, low: ArrowDownwardIcon } as const;

/**
 * Where a value stands against its range or target, in words (`label`, the screen's own) with an arrow or a tick
 * beside them: never by colour alone. Out of range in the warning amber, not the alarm red: a value a little high is
 * for the next visit, not an emergency.
 */
export function FlagBadge({ flag, label }: { flag: ResultFlag; label: string }) {
  const Icon = FLAG_ICONS[flag];
  const normal = flag === 'normal';
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        border: 1.5,
        borderColor: normal ? 'success.main' : 'warning.main',
        color: normal ? 'success.dark' : 'warning.dark',
        bgcolor: 'background.paper',
        typography: 'body2',
        fontWeight: 700,
      }}
    >
      <Icon aria-hidden sx={{ fontSize: '1.15em' }} />
      {label}
    </Box>
  );
}
