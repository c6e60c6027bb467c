import Checkbox from '@mui/material/Checkbox';
import Radio from '@mui/material/Radio';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** The red, green and blue of `#rrggbb` or `rgb(r, g, b)`. */
function channels(colour: string): number[] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return hex.slice(1).map((h) => parseInt(h, 16));
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (!rgb) throw new Error(`not a colour: ${colour}`);
  return rgb.slice(1).map(Number);
}

/** WCAG 2.1 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = channels(colour).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the theme', () => {
  // The build leaves MUI's CSS-theme-variables code out (scripts/mui-without-theme-vars.mjs): a theme asking for it
  // would stop the built app at its first render.
  it('uses no CSS theme variables and no colour schemes', () => {
    expect(theme).not.toHaveProperty('colorSchemes');
    expect(theme).not.toHaveProperty('cssVariables');
    expect((theme as { vars?: unknown }).vars).toBeUndefined();
  });

  // WCAG 1.4.11: the parts of a control that show its state need 3:1 against what is around them.
  it.each([
    ['a ticked checkbox', <Checkbox key="c" checked onChange={() => {}} />],
    ['a chosen radio button', <Radio key="r" checked onChange={() => {}} />],
  ])('draws %s at 3:1 or more on white and on the page background', (_, control) => {
    const { container } = render(<ThemeProvider theme={theme}>{control}</ThemeProvider>);
    const colour = getComputedStyle(container.querySelector('.Mui-checked')!).color;
    expect(contrast(colour, '#FFFFFF')).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, '#F5F8FC')).toBeGreaterThanOrEqual(3);
  });
});
