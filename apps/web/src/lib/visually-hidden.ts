/**
 * Out of sight, still read by screen readers: a heading or label the layout says otherwise. Strings, not numbers:
 * in `sx` a width of 1 means 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
