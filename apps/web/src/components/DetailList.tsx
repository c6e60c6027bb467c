import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { writtenLanguage } from '../lib/written-language';

export interface DetailRow {
  label: string;
  value: ReactNode;
}

/**
 * Label and value pairs as a description list: the label in a first column and the value beside it while both fit,
 * the value under its label when they do not (the widths are in rem, so large text sizes stack them rather than
 * squeezing the value into a column a few letters wide).
 */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <Box component="dl" sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, m: 0 }}>
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
          <Typography component="dt" color="text.secondary" variant="body2" sx={{ flex: '0 0 8rem' }}>
            {row.label}
          </Typography>
          <Typography
            component="dd"
            // A value given as text is a person's or hospital's own words (a name, an address, a note).
            lang={typeof row.value === 'string' ? writtenLanguage(row.value) : undefined}
            variant="body2"
            sx={{ m: 0, flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
