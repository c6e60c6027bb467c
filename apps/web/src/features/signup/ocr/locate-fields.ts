/**
 * Which found line is which field. Before reading, the lines found on the card are matched to the
 * card's rows by their order and spacing (the whole print may sit a little higher or lower, or be
 * a little taller or shorter, than on the measured card). After reading, each line's printed label
 * confirms it or moves it to the field whose label it carries; a wrapped address keeps its second
 * line, and a line that is really the issue date is never taken for the address.
 */
import {
  CARD_REGION_NAMES,
  CARD_ROWS,
  rowOf,
  type CardRegionName,
  type CardRow,
  type CardRowName,
  type OcrLanguage,
} from './card-layout';
import type { TextLine } from './find-lines';
import type { RegionReading } from './ocr-engine';
import { normaliseOcrText, similarity } from './ocr-text';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** How a row's line is read: as the card's row says (its language, whitelist, scale and second reading). */
type HowRead = Pick<CardRow, 'lang' | 'whitelist' | 'scale' | 'second' | 'bold' | 'labelWidth'>;

export interface PlannedRead extends HowRead {
  field: CardRegionName;
  /** Pixels of the straightened card. */
  box: Box;
  /** A line was found there (else the box is where the field should be). */
  found: boolean;
}

/** How far (fraction of the card's height) a line may sit from where its row should be. */
const TOLERANCE = 0.03;

const centre = (l: TextLine, height: number) => (l.core.y0 + l.core.y1) / 2 / height;

/** The print's vertical placement on this card: where a row's centre y lands, given the measured one. */
interface Placement {
  scale: number;
  offset: number;
}

const place = (p: Placement, y: number) => p.scale * (y - 0.5) + 0.5 + p.offset;

/** The placement under which the most rows have a found line close to where they should be. */
function bestPlacement(centres: number[]): Placement {
  let best: Placement = { scale: 1, offset: 0 };
  let bestScore = -1;
  const rows = CARD_ROWS.filter((r) => r.name !== 'address2');
  // The print sits within 2% of where it should, and the found card edges within about 2% more.
  // Wider ranges would let the whole print slip by one row, the rows being about evenly spaced.
  for (let scale = 0.94; scale <= 1.06001; scale += 0.01) {
    for (let offset = -0.04; offset <= 0.04001; offset += 0.0025) {
      let score = 0;
      for (const r of rows) {
        const at = place({ scale, offset }, r.y);
        let near = Infinity;
        for (const c of centres) near = Math.min(near, Math.abs(c - at));
        score += Math.max(0, 1 - near / 0.02);
      }
      // Ties go to the placement nearest the measured card.
      score -= 0.01 * (Math.abs(scale - 1) * 10 + Math.abs(offset) * 10);
      if (score > bestScore) {
        bestScore = score;
        best = { scale, offset };
      }
    }
  }
  return best;
}

/** Each row's found line (or none), by position under the best placement. */
export function matchRows(
  lines: TextLine[],
  height: number,
): { placement: Placement; rows: Map<CardRowName, TextLine> } {
  const centres = lines.map((l) => centre(l, height));
  const placement = bestPlacement(centres);
  const pairs: { row: CardRow; line: number; distance: number }[] = [];
  for (const row of CARD_ROWS) {
    if (row.name === 'address2') continue;
    centres.forEach((c, i) => {
      const distance = Math.abs(c - place(placement, row.y));
      if (distance <= TOLERANCE) pairs.push({ row, line: i, distance });
    });
  }
  pairs.sort((a, b) => a.distance - b.distance);
  const rows = new Map<CardRowName, TextLine>();
  const taken = new Set<number>();
  for (const p of pairs) {
    if (rows.has(p.row.name) || taken.has(p.line)) continue;
    rows.set(p.row.name, lines[p.line]);
    taken.add(p.line);
  }
  // The address's second line: a line between the first one and the issue dates.
  const first = rows.get('address1');
  if (first) {
    // By its middle: a wrapped line's tall letters may reach above the first line's lowest ones.
    const below = centre(first, height) + 0.02;
    const above = place(placement, rowOf('issueDates').y) - 0.02;
    const next = lines.find((l, i) => !taken.has(i) && centre(l, height) > below && centre(l, height) < above);
    if (next) rows.set('address2', next);
  }
  return { placement, rows };
}

/** What to read, and where: every field, from its found line or from where it should be. */
export function planReads(lines: TextLine[], width: number, height: number): PlannedRead[] {
  const { placement, rows } = matchRows(lines, height);
  const plans: PlannedRead[] = [];
  for (const row of CARD_ROWS) {
    if (!row.read) continue;
    const field = row.name as CardRegionName;
    const line = rows.get(row.name);
    if (!line && field === 'address2') continue;
    let box: Box;
    if (field === 'idNumber') {
      // The number shares its row with its two-line label (a smaller print beside it, which the
      // line finder may take for rows of their own): read a band around the number, on its side only.
      const at = line ? (line.core.y0 + line.core.y1) / 2 : place(placement, row.y) * height;
      box = {
        x0: Math.round(row.x0 * width),
        x1: Math.round(row.x1 * width),
        y0: Math.round(at - 0.055 * height),
        y1: Math.round(at + 0.055 * height),
      };
    } else if (line) {
      box = { ...line.box };
    } else {
      const at = place(placement, row.y) * height;
      const half = 0.045 * height;
      box = {
        x0: Math.round(row.x0 * width),
        x1: Math.round(row.x1 * width),
        y0: Math.round(at - half),
        y1: Math.round(at + half),
      };
    }
    const { lang, whitelist, scale, second, bold, labelWidth } = row;
    plans.push({ field, box, lang, whitelist, scale, second, bold, labelWidth, found: Boolean(line) });
  }
  return plans;
}

// ---------------------------------------------------------------- after reading

/** A field's reading, and the second reading that checks it (fields read twice). */
export interface FieldReading extends RegionReading {
  check?: RegionReading;
}

export interface ReadLine {
  field: CardRegionName;
  reading: FieldReading;
}

/** How well the start of a line's text matches a printed label (0 to 1). */
function labelScore(text: string, label: string): number {
  const t = normaliseOcrText(text).replace(/\s+/g, '').toLowerCase();
  const l = label.replace(/\s+/g, '').toLowerCase();
  if (!t || !l) return 0;
  let best = 0;
  // The label may be read a letter longer or shorter, or with a stray mark in front.
  for (let start = 0; start <= Math.min(2, t.length - 1); start++) {
    for (let extra = -2; extra <= 2; extra++) {
      const piece = t.slice(start, start + l.length + extra);
      if (piece.length >= Math.max(2, l.length - 2)) best = Math.max(best, similarity(piece, l));
    }
  }
  return best;
}

/** The read field whose label the line starts with, if any is clear (same language only). */
export function labelledAs(text: string, lang: OcrLanguage): CardRowName | null {
  let best: CardRowName | null = null;
  let bestScore = 0;
  for (const row of CARD_ROWS) {
    if (row.lang !== lang) continue;
    for (const label of row.labels) {
      const s = labelScore(text, label);
      if (s > bestScore) {
        bestScore = s;
        best = row.name;
      }
    }
  }
  // "Name" is inside "Last name": a line that starts with "Last" is the last name.
  if (best === 'englishFirstname' && labelScore(text, 'Last name') >= 0.7) best = 'englishLastname';
  return bestScore >= 0.7 ? best : null;
}

/** A line of the issue and expiry block: "12 ม.ค. 2565 ... 11 ม.ค. 2573", or its labels. */
function looksLikeIssueBlock(text: string): boolean {
  const t = normaliseOcrText(text);
  const dates = t.match(/\d{1,2}\s*\S{1,6}\s*(25|20)\d\d/g) ?? [];
  return dates.length >= 1 || /วันออก|หมดอายุ|Issue|Expiry/i.test(t);
}

const EMPTY: FieldReading = { text: '', lines: [] };

/**
 * The reading of each field, after its label has had its say: a line carrying another field's label
 * is moved there (two lines swapped by a misplaced print), and a second address line that is really
 * the issue dates is dropped.
 */
export function identifyFields(reads: ReadLine[]): Record<CardRegionName, FieldReading> {
  const out = Object.fromEntries(CARD_REGION_NAMES.map((name) => [name, EMPTY])) as Record<
    CardRegionName,
    FieldReading
  >;
  const labels = reads.map((r) => labelledAs(r.reading.text, rowOf(r.field).lang));
  const isRead = (name: CardRowName | null): name is CardRegionName => name !== null && name in out;
  const moved = new Set<number>();
  reads.forEach((r, i) => {
    const label = labels[i];
    if (!isRead(label) || label === r.field) return;
    // Only onto a line that does not carry its own label.
    const occupant = reads.findIndex((o) => o.field === label);
    if (occupant >= 0 && labels[occupant] === label) return;
    out[label] = r.reading;
    moved.add(i);
  });
  reads.forEach((r, i) => {
    if (moved.has(i)) return;
    if (out[r.field] === EMPTY) {
      out[r.field] = r.reading;
      return;
    }
    // Displaced by a line carrying this field's label: it takes that line's place, if free.
    const mover = reads.findIndex((_, j) => moved.has(j) && labels[j] === r.field);
    if (mover >= 0 && out[reads[mover].field] === EMPTY) out[reads[mover].field] = r.reading;
  });
  if (
    out.address2.text &&
    (looksLikeIssueBlock(out.address2.text) || labelledAs(out.address2.text, 'tha') === 'address1')
  )
    out.address2 = EMPTY;
  return out;
}
