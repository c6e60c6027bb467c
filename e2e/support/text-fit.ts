import type { Page } from '@playwright/test';

/** At 200% text size (WCAG 1.4.4), every control and label must still read whole: the check the large-text journey runs. */
export const LARGE_TEXT = 'html { font-size: 200% !important; }';

/** Every page the test opens from now on at 200% text, as a phone's own text-size setting would show it. */
export async function useLargeText(page: Page): Promise<void> {
  await page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, LARGE_TEXT);
}

/**
 * Text the reader cannot read whole on the screen as it is now: text cut off by a box that hides its overflow (or by
 * an ellipsis, or a select too narrow for its choice), text squeezed into a column a few letters wide, text drawn over
 * other text, and buttons or links something else is drawn over. Each finding names the text and what is wrong. Hidden text (for screen
 * readers only, faded out, aria-hidden) is not looked at; text in a box that scrolls is not cut off, it scrolls.
 */
export async function unreadableText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const shown = (el: Element): boolean => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
        if (e.getAttribute('aria-hidden') === 'true') return false;
        const box = e.getBoundingClientRect();
        // Visually hidden for screen readers (1x1 px, clipped): not drawn text.
        if (box.width <= 1 || box.height <= 1) return false;
      }
      return true;
    };
    const label = (text: string) => JSON.stringify(text.trim().replace(/\s+/g, ' ').slice(0, 40));

    // Text in a fixed or sticky bar passes over the page scrolling under it: only text in the same layer can collide.
    const layerOf = (el: Element): Element | null => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const { position } = getComputedStyle(e);
        if (position === 'fixed' || position === 'sticky') return e;
      }
      return null;
    };
    // What of a text is drawn: its line boxes cut to every box between it and the page that clips its overflow (a
    // scrolling card body hides what has scrolled under the card's own bar).
    const drawnPart = (el: Element, rects: DOMRect[]): DOMRect[] => {
      let clipped = rects;
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(box);
        if ([overflowX, overflowY].every((o) => o === 'visible')) continue;
        const edge = box.getBoundingClientRect();
        clipped = clipped
          .map((r) => {
            const left = Math.max(r.left, edge.left);
            const top = Math.max(r.top, edge.top);
            return new DOMRect(left, top, Math.min(r.right, edge.right) - left, Math.min(r.bottom, edge.bottom) - top);
          })
          .filter((r) => r.width > 0 && r.height > 0);
      }
      return clipped;
    };
    const texts: { el: Element; text: string; rects: DOMRect[]; drawn: DOMRect[]; layer: Element | null }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const el = node.parentElement;
      if (!el || text.trim() === '' || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE'].includes(el.tagName) || !shown(el))
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      if (rects.length) texts.push({ el, text, rects, drawn: drawnPart(el, rects), layer: layerOf(el) });
    }

    for (const { el, text, rects } of texts) {
      const style = getComputedStyle(el);
      // Squeezed: a longer text broken over three or more lines, none of them four letters wide.
      const em = parseFloat(style.fontSize);
      if (text.trim().length >= 8 && rects.length >= 3 && rects.every((r) => r.width < 4 * em)) {
        findings.push(
          `${label(text)} is squeezed into a column ${Math.round(Math.max(...rects.map((r) => r.width)))} px wide`,
        );
        continue;
      }
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
        findings.push(`${label(text)} ends in an ellipsis`);
        continue;
      }
      // The nearest box that hides what overflows it cuts the text off where the text reaches out of it.
      for (let box = el as Element | null; box && box !== document.body; box = box.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(box);
        if ([overflowX, overflowY].some((o) => o === 'auto' || o === 'scroll')) break;
        if (![overflowX, overflowY].some((o) => o === 'hidden' || o === 'clip')) continue;
        const edge = box.getBoundingClientRect();
        const out = rects.some(
          (r) =>
            r.left < edge.left - 2 || r.right > edge.right + 2 || r.top < edge.top - 2 || r.bottom > edge.bottom + 2,
        );
        if (out)
          findings.push(
            `${label(text)} is cut off by its ${box.tagName.toLowerCase()}.${String(box.className).split(' ')[0]}`,
          );
        break;
      }
    }

    // A native select draws its chosen option itself, not as page text: measure it against the room the select has.
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const chosen = select.selectedOptions[0]?.text ?? '';
      if (!chosen || !shown(select)) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(chosen).width > room + 1) findings.push(`${label(chosen)} is cut off in its select`);
    }

    // Text over other text: the drawn line boxes of two different elements sharing a good part of their area.
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        const [a, b] = [texts[i], texts[j]];
        if (a.layer !== b.layer || a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const overlap = a.drawn.some((r) =>
          b.drawn.some((s) => {
            const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
            const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
            return w > 0 && h > 0 && w * h > 0.25 * Math.min(r.width * r.height, s.width * s.height);
          }),
        );
        if (overlap) findings.push(`${label(a.text)} overlaps ${label(b.text)}`);
      }
    }
    // A button or link another element of its own layer is drawn over, at its centre: it cannot be read or tapped.
    for (const control of Array.from(document.querySelectorAll<HTMLElement>('button, a[href]'))) {
      if (!shown(control)) continue;
      const box = control.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || control.contains(top) || top.contains(control) || layerOf(top) !== layerOf(control)) continue;
      findings.push(
        `${label(control.textContent || control.getAttribute('aria-label') || control.tagName)} is covered by ${top.tagName.toLowerCase()}.${String(top.className).split(' ')[0]}`,
      );
    }
    return findings;
  });
}
