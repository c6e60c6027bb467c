import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

export interface ChoiceCardProps {
  value: string;
  selected: boolean;
  title: ReactNode;
  /** A plain line or two under the title: what this choice means. */
  lines: ReactNode[];
  icon?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * One choice of a radio group drawn as a large card: the whole card is the target, and the chosen one is told by its
 * filled radio and thicker frame, not by its colour alone.
 */
export function ChoiceCard({ value, selected, title, lines, icon, inputRef }: ChoiceCardProps) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio slotProps={{ input: { ref: inputRef } }} sx={{ mt: -0.75 }} />}
      label={
        <Stack direction="row" spacing={1.5} sx={{ py: 0.25 }}>
          {icon ? (
            <Box aria-hidden sx={{ display: 'flex', color: 'primary.dark', pt: 0.25 }}>
              {icon}
            </Box>
          ) : null}
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            {lines.map((line, i) => (
              <Typography key={i} variant="body2" color="text.secondary">
                {line}
              </Typography>
            ))}
          </Box>
        </Stack>
      }
      sx={{
        m: 0,
        py: 1.25,
        pl: 0.5,
        pr: 2,
        alignItems: 'flex-start',
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        // The chosen card's frame is thicker (an outline, so nothing moves), besides its blue.
        ...(selected && {
          borderColor: 'primary.dark',
          outline: '2px solid',
          outlineColor: 'primary.dark',
          bgcolor: 'rgba(106,166,255,0.12)',
        }),
      }}
    />
  );
}
