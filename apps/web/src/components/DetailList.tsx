import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list, labels in a narrow first column. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', columnGap: 2, rowGap: 1.25, m: 0 }}>
      {rows.map((row) => (
        <Fragment key={row.label}>
          <Typography component="dt" color="text.secondary" variant="body2">
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
