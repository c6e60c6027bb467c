import type { Page } from '@playwright/test';

/** No text smaller than this on a patient's screen, in CSS pixels. */
export const SMALLEST_TEXT_PX = 14;
/** Running text (a sentence or more) is at least this size. */
export const BODY_TEXT_PX = 16;
/** A text this long is read as running text, not a label, a chip or a figure. */
export const SENTENCE_CHARACTERS = 40;

/**
 * Text a reader with presbyopia struggles with on the screen as it is now: any visible text under 14 px, running text
 * (40 characters or more) under 16 px, and text whose colour is under WCAG AA contrast (4.5:1, 3:1 for large text) on
 * the nearest background colour drawn behind it. axe-core leaves text over the map out of its contrast rule (the map's
 * tiles are an image it cannot read the colour of), so the panels over the map are measured here against their own
 * backgrounds. Text of a disabled control is exempt (WCAG 1.4.3), as is hidden text (for screen readers only, faded
 * out, aria-hidden).
 */
export async function hardToReadText(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ smallest, body, sentence }) => {
      const findings: string[] = [];
      const shown = (el: Element): boolean => {
        for (let e: Element | null = el; e; e = e.parentElement) {
          const style = getComputedStyle(e);
          if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
          if (e.getAttribute('aria-hidden') === 'true') return false;
          // Visually hidden for screen readers (1x1 px, clipped); a box of floats (Leaflet's corners) is 0 px high yet
          // shows them, so only the text's own box and the boxes that clip it are measured.
          if (e !== el && style.overflow === 'visible') continue;
          const box = e.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1) return false;
        }
        return true;
      };
      const label = (text: string) => JSON.stringify(text.trim().replace(/\s+/g, ' ').slice(0, 40));

      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      canvas.canvas.width = 1;
      canvas.canvas.height = 1;
      /** Any CSS colour as [r, g, b, a], a from 0 to 1, read back from a canvas pixel. */
      const rgba = (colour: string): [number, number, number, number] => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = colour;
        canvas.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const over = (top: number[], under: number[]) =>
        top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      /** The colours behind an element, nearest first, down to the first opaque one (white when none is). */
      const backgroundOf = (el: Element): number[] => {
        const layers: number[][] = [];
        for (let e: Element | null = el; e; e = e.parentElement) {
          const colour = rgba(getComputedStyle(e).backgroundColor);
          if (colour[3] > 0) layers.push(colour);
          if (colour[3] === 1) break;
        }
        return layers.reduceRight<number[]>((under, layer) => over(layer, under), [255, 255, 255]);
      };

      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        const el = node.parentElement;
        if (!el || text === '' || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE'].includes(el.tagName) || !shown(el)) continue;
        const style = getComputedStyle(el);
        const size = parseFloat(style.fontSize);
        if (size < smallest - 0.05) findings.push(`${label(text)} is ${size} px (under ${smallest} px)`);
        else if (text.length >= sentence && size < body - 0.05)
          findings.push(`${label(text)} is running text at ${size} px (under ${body} px)`);
        if (el.closest('[disabled], .Mui-disabled, [aria-disabled="true"]')) continue;
        const background = backgroundOf(el);
        const colour = over(rgba(style.color), background);
        const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
        const ratio = (light + 0.05) / (dark + 0.05);
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        const needed = large ? 3 : 4.5;
        if (ratio < needed - 0.005)
          findings.push(`${label(text)} has contrast ${ratio.toFixed(2)}:1 (under ${needed}:1) in ${style.color}`);
      }
      return findings;
    },
    { smallest: SMALLEST_TEXT_PX, body: BODY_TEXT_PX, sentence: SENTENCE_CHARACTERS },
  );
}
