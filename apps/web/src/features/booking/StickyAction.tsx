import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The class the booking card pins to its bottom edge (see `stickyActionStyles`). */
const STICKY_ACTION = 'booking-sticky-action';

/**
 * A step's main button. Inside the booking card it stays at the card's bottom edge however long the step is (the card
 * scrolls behind it), so "next" is never under the fold or behind the tab bar; on a page it is an ordinary block.
 */
export function StickyAction({ children }: { children: ReactNode }) {
  return (
    <Box className={STICKY_ACTION} sx={{ display: 'flex', flexDirection: 'column', alignSelf: 'stretch', gap: 1 }}>
      {children}
    </Box>
  );
}

/** For the scrolling card (padding 2) that holds the steps. */
export const stickyActionStyles = {
  [`& .${STICKY_ACTION}`]: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    mx: -2,
    mb: -2,
    px: 2,
    py: 1.5,
    bgcolor: 'background.paper',
    borderTop: 1,
    borderColor: 'divider',
  },
} as const;
