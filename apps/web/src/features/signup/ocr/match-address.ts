/**
 * Matches an address as read from the card against the Thai address dataset, so the subdistrict,
 * district, province and postcode filled in are one real place, spelled as the dataset spells it.
 * Misread letters are tolerated (edit distance); a weak or ambiguous match is marked for checking,
 * and one too weak is not filled at all.
 */
import type { AddressText, MatchedAddress } from './id-card-parsers';
import { normaliseOcrText, similarity } from './ocr-text';

interface Place {
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
}

let places: Promise<Place[]> | null = null;

function loadPlaces(): Promise<Place[]> {
  places ??= import('thai-address-universal').then(async ({ preload, getDatabase }) => {
    await preload();
    return getDatabase()
      .filter((r) => /^\d{5}$/.test(String(r.postal_code)))
      .map((r) => ({
        subdistrict: r.sub_district,
        district: r.district,
        province: r.province,
        postcode: String(r.postal_code),
      }));
  });
  return places;
}

/** Edit distance from `pattern` to the closest stretch of `text` (any start, any end). */
export function substringDistance(pattern: string, text: string): number {
  let prev = new Array<number>(text.length + 1).fill(0);
  for (let i = 1; i <= pattern.length; i++) {
    const cur = [i];
    for (let j = 1; j <= text.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (pattern[i - 1] === text[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return Math.min(...prev);
}

/** Every part must be at least this close to the place's name, and all three together this close. */
const MIN_PART = 0.6;
const MIN_TOTAL = 2.2;
const SURE_PART = 0.85;
const CLEAR_PART = 0.95;

const compact = (s: string) => normaliseOcrText(s).replace(/[\s.\d/,:;'"-]/g, '');

/**
 * The place the address lines name: each place in the dataset is scored by how closely its
 * subdistrict, district and province names appear in the text (and in the parts found after the
 * printed markers ต. อ. จ. / แขวง เขต), so a misread marker or letter does not lose the place.
 */
export async function matchAddress(read: AddressText): Promise<MatchedAddress | undefined> {
  if (compact(read.text).length < 6) return undefined;
  // Where the markers were read, each name is looked for in its own stretch of the text, so the
  // subdistrict is not matched to the district's name (many share it).
  const districtAt = read.text.search(/อ\s*\.|อำเภอ|เขต/);
  const provinceAt = read.text.search(/จ\s*\.|จังหวัด|กรุงเทพ/);
  const stretch = {
    subdistrict: compact(districtAt > 0 ? read.text.slice(0, districtAt) : read.text),
    district: compact(districtAt >= 0 && provinceAt > districtAt ? read.text.slice(districtAt, provinceAt) : read.text),
    province: compact(provinceAt >= 0 ? read.text.slice(provinceAt) : read.text),
  };
  const all = await loadPlaces();
  const cache = new Map<string, number>();
  const score = (name: string, part: string, text: string): number => {
    const key = `${part}|${name}|${text}`;
    let s = cache.get(key);
    if (s === undefined) {
      const inText = name.length >= 3 ? 1 - substringDistance(name, text) / name.length : 0;
      s = Math.max(inText, part ? similarity(part, name) : 0);
      cache.set(key, s);
    }
    return s;
  };
  let best: { place: Place; total: number; worst: number; clear: number } | null = null;
  let runnerUp = 0;
  for (const place of all) {
    const parts = [
      score(place.subdistrict, read.subdistrict, stretch.subdistrict),
      score(place.district, read.district, stretch.district),
      score(place.province, read.province, stretch.province),
    ];
    const total = parts[0] + parts[1] + parts[2];
    const samePlace = best && best.place.subdistrict === place.subdistrict && best.place.district === place.district;
    if (!best || total > best.total) {
      if (best && !samePlace) runnerUp = best.total;
      best = { place, total, worst: Math.min(...parts), clear: parts.filter((p) => p >= CLEAR_PART).length };
    } else if (!samePlace && total > runnerUp) {
      runnerUp = total;
    }
  }
  if (!best) return undefined;
  // One name misread beyond the usual tolerance, the other two read clearly and naming one place only:
  // the place is filled, for the patient to check.
  const twoClear = best.clear >= 2 && best.total - runnerUp >= 0.3 && best.worst >= 0.3;
  if ((best.worst < MIN_PART || best.total < MIN_TOTAL) && !twoClear) return undefined;
  const { place } = best;
  const sure = best.worst >= SURE_PART && best.total - runnerUp >= 0.3;
  // One place name can have several postcodes: then the postcode is for the patient to confirm.
  const postcodes = new Set(
    all
      .filter(
        (p) => p.subdistrict === place.subdistrict && p.district === place.district && p.province === place.province,
      )
      .map((p) => p.postcode),
  );
  const confidence = sure ? 'high' : 'low';
  return {
    address: { value: read.street, confidence: read.street ? confidence : 'low' },
    subdistrict: { value: place.subdistrict, confidence },
    district: { value: place.district, confidence },
    province: { value: place.province, confidence },
    postcode: { value: place.postcode, confidence: sure && postcodes.size === 1 ? 'high' : 'low' },
  };
}
