import Box from '@mui/material/Box';
import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The booking card's action bar, under its scrolling steps; null outside the card. */
export const ActionBar = createContext<HTMLElement | null>(null);

/**
 * A step's main button (and the line that goes with it). Inside the booking card it is drawn in the card's action bar,
 * under the part that scrolls and never over it, so "next" is always in sight above the tab bar at any text size and
 * nothing of the step shows behind it; on a page it is an ordinary block. A submit button drawn in the bar names its
 * form (`form=`), being no longer inside it.
 */
export function StickyAction({ children }: { children: ReactNode }) {
  const bar = useContext(ActionBar);
  const action = <Box sx={{ display: 'flex', flexDirection: 'column', alignSelf: 'stretch', gap: 1 }}>{children}</Box>;
  return bar ? createPortal(action, bar) : action;
}
