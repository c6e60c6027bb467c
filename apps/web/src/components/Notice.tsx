import Box from '@mui/material/Box';
import { darken, lighten } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface NoticeProps {
  severity: 'info' | 'warning' | 'error';
  /** White words on the colour, for the notice that must not be missed; otherwise dark words on a light tint. */
  filled?: boolean;
  /** A decorative icon before the words. */
  icon?: ReactNode;
  /** A button after the words: try again, show everything. */
  action?: ReactNode;
  role?: 'status' | 'alert';
  children: ReactNode;
}

/**
 * A short message in a coloured box, for first screens where every kilobyte counts (like TextInput): MUI's Alert
 * look, in its colours, without its icon set and close button (3 KB gzip off `/`, `node scripts/bundle-size.mjs`).
 */
export function Notice({ severity, filled = false, icon, action, role = 'status', children }: NoticeProps) {
  return (
    <Box
      role={role}
      sx={(theme) => {
        const colour = theme.palette[severity];
        return {
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 1.5,
          px: 2,
          py: 0.75,
          borderRadius: 1,
          ...theme.typography.body2,
          ...(filled
            ? { bgcolor: colour.main, color: colour.contrastText }
            : {
                bgcolor: lighten(colour.light, 0.9),
                color: darken(colour.light, 0.6),
                '& > .notice-icon': { color: colour.main },
              }),
        };
      }}
    >
      {icon ? (
        <Box className="notice-icon" aria-hidden sx={{ display: 'flex', fontSize: 22 }}>
          {icon}
        </Box>
      ) : null}
      <Box sx={{ flex: '1 1 12rem', py: 0.5 }}>{children}</Box>
      {action ? <Box sx={{ ml: 'auto' }}>{action}</Box> : null}
    </Box>
  );
}
