import type { Page } from '@playwright/test';

/**
 * Thai words on a screen shown in English, outside what is Thai by nature: names of people and places, addresses and
 * what a patient or hospital wrote, which the app marks `lang="th"` (so a screen reader reads them in Thai too).
 * Each finding is the text, with the tag it sits in.
 */
export async function thaiOutsideNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const thai = /[\u0E00-\u0E7F]/;
    const shown = (el: Element): boolean => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
      }
      return true;
    };
    const findings: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const el = node.parentElement;
      if (!el || !thai.test(text) || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || !shown(el)) continue;
      if (el.closest('[lang]')?.getAttribute('lang')?.startsWith('th')) continue;
      findings.push(`${el.tagName.toLowerCase()}: ${JSON.stringify(text.trim().slice(0, 60))}`);
    }
    // A placeholder is the app's own words too (an accessible name may hold a name, which an attribute cannot mark).
    for (const el of Array.from(document.querySelectorAll('[placeholder]'))) {
      const value = el.getAttribute('placeholder') ?? '';
      if (shown(el) && thai.test(value)) findings.push(`placeholder: ${JSON.stringify(value.slice(0, 60))}`);
    }
    return findings;
  });
}
