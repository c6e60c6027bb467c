import { RED_FLAG_SIGNS, type RedFlagPhrases, type RedFlagId, type RedFlagSign } from './red-flags.data.js';

/**
 * Safety triage of the free text a patient types before booking: which red-flag signs it shows.
 * Guidance, not diagnosis. Pure string work, cheap enough to run on every keystroke.
 *
 * Negation is deliberately not read. "ไม่เจ็บหน้าอก" / "no chest pain" still raise chest_pain:
 * with spaces gone, "กินข้าวไม่ได้ เจ็บหน้าอก" (can't eat; chest pain) reads "...ไม่ได้เจ็บหน้าอก",
 * and "ไม่เจ็บหน้าอกมาก" means the pain is there but mild. A rule that drops those would miss real
 * chest pain; a false alarm only costs the patient one tap on "continue".
 */

export interface RedFlagHit {
  id: RedFlagId;
  /** The rule's pattern as written in red-flags.data.ts (several joined by " + " for a `together` rule). */
  matched: string;
}

export interface SymptomAssessment {
  /** At most one hit per sign, in the order of RED_FLAG_SIGNS. */
  redFlags: RedFlagHit[];
  /** True when any red flag was found: show the 1669 warning before the patient may continue. */
  emergency: boolean;
}

export function assessSymptoms(text: string): SymptomAssessment {
  const streams = toStreams(text);
  const redFlags: RedFlagHit[] = [];
  for (const sign of compiledSigns()) {
    const s = sign.ignore.length > 0 ? masked(streams, sign.ignore) : streams;
    const matched = firstHit(sign.phrases, s) ?? togetherHit(sign.together, s);
    if (matched !== undefined) redFlags.push({ id: sign.id, matched });
  }
  return { redFlags, emergency: redFlags.length > 0 };
}

/** The patient-facing explanation of a sign. */
export function redFlagMessage(id: RedFlagId, language: 'th' | 'en'): string {
  const sign = RED_FLAG_SIGNS.find((s) => s.id === id);
  return sign ? sign.message[language] : '';
}

// ---- Normalisation ---------------------------------------------------------------------------
// The text is read three ways:
//   exact: Thai only, no spaces or punctuation, tone marks kept (for short patterns such as ไข้, แพ้)
//   loose: exact without tone marks (for everything else in Thai)
//   en:    lower-case words separated by single spaces, padded with a space at each end

interface Streams {
  exact: string;
  loose: string;
  en: string;
}

/** Removed outright. The zero-width space U+200B is not here: it is a word break, dropped with the
 * other spaces in Thai and kept as a break between English words (chest\u200Bpain). */
const INVISIBLE = /\u034F|[\u00AD\u180E\u200C-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
const THAI_DIGIT = /[\u0E50-\u0E59]/g;
const TONE = /[\u0E48-\u0E4B]/g;
const REPEATED_THAI = /([\u0E01-\u0E4F])\1+/g;

function toStreams(text: string): Streams {
  const base = toBase(text);
  const exact = thaiExact(base);
  return { exact, loose: thaiLoose(exact), en: english(base) };
}

function toBase(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(INVISIBLE, '')
    .replace(THAI_DIGIT, (d) => String(d.charCodeAt(0) - 0x0e50));
}

function thaiExact(base: string): string {
  return base
    .replace(/[\u0E47\u0E4C]/g, '') // ็ ์: often left out or added
    .replace(/\u0E43/g, '\u0E44') // ใ typed as ไ and back
    .replace(/\u0E45/g, '\u0E32') // ๅ (looks like า, sits on the 1 key) -> า
    .replace(/[^\u0E01-\u0E4F0-9]/g, '') // spaces, punctuation, Latin letters, emoji
    .replace(/\u0E40\u0E40/g, '\u0E41') // เเ (two sara e) -> แ
    .replace(/\u0E4D([\u0E48-\u0E4B]?)\u0E32/g, '$1\u0E33') // ํ + า (tone between or not) -> ำ
    .replace(REPEATED_THAI, '$1'); // stuck keys: เจ็บบบบ
}

function thaiLoose(exact: string): string {
  return exact.replace(TONE, '').replace(REPEATED_THAI, '$1');
}

function english(base: string): string {
  const words = base
    .replace(/['\u2018\u2019\u02BC`\u00B4]/g, '') // can't -> cant
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bcan ?not\b/g, 'cant')
    .replace(/([a-z])\1+/g, '$1') // painnnn, bleeding -> bleding (patterns get the same)
    .trim();
  return ` ${words} `;
}

// ---- Compiled rules --------------------------------------------------------------------------

interface Needle {
  source: string;
  stream: keyof Streams;
  text: string;
}

interface CompiledSign {
  id: RedFlagId;
  phrases: Needle[];
  together: Needle[][];
  ignore: Needle[];
}

/** Shorter than this once tone marks are dropped, a Thai pattern must match with its tone marks. */
const EXACT_BELOW = 4;

let compiled: CompiledSign[] | undefined;

function compiledSigns(): CompiledSign[] {
  compiled ??= RED_FLAG_SIGNS.map(compileSign);
  return compiled;
}

function compileSign(sign: RedFlagSign): CompiledSign {
  return {
    id: sign.id,
    phrases: compilePhrases(sign.phrases),
    together: (sign.together ?? []).map(compilePhrases),
    ignore: sign.ignoreWithin ? compileIgnore(sign.ignoreWithin) : [],
  };
}

/** A harmless Thai phrase is blanked in both Thai streams, since a short pattern is looked for in `exact`. */
function compileIgnore(phrases: RedFlagPhrases): Needle[] {
  const thai = phrases.th.flatMap((source): Needle[] => {
    const exact = thaiExact(toBase(source));
    return [
      { source, stream: 'exact', text: exact },
      { source, stream: 'loose', text: thaiLoose(exact) },
    ];
  });
  return [...thai, ...phrases.en.map(englishNeedle)];
}

function compilePhrases(phrases: RedFlagPhrases): Needle[] {
  return [...phrases.th.map(thaiNeedle), ...phrases.en.map(englishNeedle)];
}

function thaiNeedle(source: string): Needle {
  const exact = thaiExact(toBase(source));
  const loose = thaiLoose(exact);
  return loose.length < EXACT_BELOW
    ? { source, stream: 'exact', text: exact }
    : { source, stream: 'loose', text: loose };
}

function englishNeedle(source: string): Needle {
  const prefix = /\*\s*$/.test(source);
  const words = english(toBase(source)).trimEnd();
  return { source, stream: 'en', text: prefix ? words : `${words} ` };
}

// ---- Matching --------------------------------------------------------------------------------

function firstHit(needles: Needle[], streams: Streams): string | undefined {
  for (const n of needles) if (streams[n.stream].includes(n.text)) return n.source;
  return undefined;
}

function togetherHit(groups: Needle[][], streams: Streams): string | undefined {
  if (groups.length === 0) return undefined;
  const hits: string[] = [];
  for (const group of groups) {
    const hit = firstHit(group, streams);
    if (hit === undefined) return undefined;
    hits.push(hit);
  }
  return hits.join(' + ');
}

const MASK = '#'; // never in any stream: exact/loose keep Thai and digits only, en keeps a-z, 0-9 and spaces

/** Blanks out harmless phrases (keeping spaces, so word boundaries around them survive). */
function masked(streams: Streams, ignore: Needle[]): Streams {
  const out = { ...streams };
  for (const n of ignore) {
    const s = out[n.stream];
    let i = s.indexOf(n.text);
    if (i < 0) continue;
    const filler = n.text.replace(/[^ ]/g, MASK);
    let result = s;
    while (i >= 0) {
      result = result.slice(0, i) + filler + result.slice(i + n.text.length);
      i = result.indexOf(n.text, i + 1);
    }
    out[n.stream] = result;
  }
  return out;
}
