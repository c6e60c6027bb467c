const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

/**
 * The language of words a person or hospital wrote (a name, an address, a note): `th` when they are in Thai script,
 * for the element's `lang`, so a screen reader reads them in Thai on a screen shown in English; otherwise undefined
 * (the page's own language).
 */
export function writtenLanguage(text: string | null | undefined): 'th' | undefined {
  return text && THAI_SCRIPT.test(text) ? 'th' : undefined;
}
