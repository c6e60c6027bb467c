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
  /** The three names' skeletons (see `skeletonOf`), worked out once when the dataset is loaded. */
  skeleton: { subdistrict: string; district: string; province: string };
}

let places: Promise<Place[]> | null = null;

function loadPlaces(): Promise<Place[]> {
  places ??= import('thai-address-universal').then(async ({ preload, getDatabase }) => {
    await preload();
    const skeletons = new Map<string, string>();
    const skeletonOfName = (name: string) => {
      let s = skeletons.get(name);
      if (s === undefined) skeletons.set(name, (s = skeletonOf(name).text));
      return s;
    };
    return getDatabase()
      .filter((r) => /^\d{5}$/.test(String(r.postal_code)))
      .map((r) => ({
        subdistrict: r.sub_district,
        district: r.district,
        province: r.province,
        postcode: String(r.postal_code),
        skeleton: {
          subdistrict: skeletonOfName(r.sub_district),
          district: skeletonOfName(r.district),
          province: skeletonOfName(r.province),
        },
      }));
  });
  return places;
}

/** The marks written above or below a consonant, which the recogniser most often drops or garbles. */
const MARK = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/;

/**
 * What is left of Thai text when the marks above and below its letters are lost: the consonants and
 * the vowels written on the line (เ แ โ ใ ไ ะ า). Sara am keeps only its sara aa, as it is left when
 * its ring is lost. `at` gives, for each character kept, where it stands in the text.
 */
function skeletonOf(text: string): { text: string; at: number[] } {
  let kept = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] === 'ำ' ? 'า' : text[i];
    if (MARK.test(c)) continue;
    kept += c;
    at.push(i);
  }
  return { text: kept, at };
}

/** Rows of `closestStretch`'s table, kept between calls: it runs some ten thousand times a reading. */
let rows = Array.from({ length: 4 }, () => new Int32Array(0));

/**
 * Edit distance from `pattern` to the closest stretch of `text` (any start, any end), and where that
 * stretch starts; of equally close stretches, the last in the text.
 */
function closestStretch(pattern: string, text: string): { distance: number; start: number } {
  const n = text.length;
  if (rows[0].length <= n) rows = rows.map(() => new Int32Array(2 * (n + 1)));
  let [prev, prevStart, cur, curStart] = rows;
  for (let j = 0; j <= n; j++) {
    prev[j] = 0;
    prevStart[j] = j;
  }
  for (let i = 1; i <= pattern.length; i++) {
    const p = pattern[i - 1];
    cur[0] = i;
    curStart[0] = 0;
    for (let j = 1; j <= n; j++) {
      const replace = prev[j - 1] + (p === text[j - 1] ? 0 : 1);
      const skipText = cur[j - 1] + 1;
      const skipPattern = prev[j] + 1;
      if (replace <= skipText && replace <= skipPattern) {
        cur[j] = replace;
        curStart[j] = prevStart[j - 1];
      } else if (skipPattern <= skipText) {
        cur[j] = skipPattern;
        curStart[j] = prevStart[j];
      } else {
        cur[j] = skipText;
        curStart[j] = curStart[j - 1];
      }
    }
    [prev, cur] = [cur, prev];
    [prevStart, curStart] = [curStart, prevStart];
  }
  let end = 0;
  for (let j = 1; j <= n; j++) if (prev[j] <= prev[end]) end = j;
  return { distance: prev[end], start: prevStart[end] };
}

/** Every part must be at least this close to the place's name, and all three together this close. */
const MIN_PART = 0.6;
const MIN_TOTAL = 2.2;
const SURE_PART = 0.85;
const CLEAR_PART = 0.95;
/**
 * A name found only by its skeleton counts for a little less than one found with its marks, so of
 * two names that differ by their marks only, the one read with the right marks wins.
 */
const SKELETON_WEIGHT = 0.9;

/**
 * The score of a name found by its skeleton, from how alike the skeletons are. It counts only when
 * it is enough to fill the name: short skeletons are alike by chance far more often than names.
 */
const bySkeleton = (alike: number): number => (SKELETON_WEIGHT * alike >= MIN_PART ? SKELETON_WEIGHT * alike : 0);

const compact = (s: string) => normaliseOcrText(s).replace(/[\s.\d/,:;'"-]/g, '');

/** A stretch of the text read, as the names are looked for in it. */
interface Stretch {
  text: string;
  skeleton: string;
  /** Where each character of the skeleton stands in the text. */
  at: number[];
  /** The characters of the skeleton: a name's letters missing from it each cost one edit at least. */
  letters: Set<string>;
}

const stretchOf = (text: string): Stretch => {
  const skeleton = skeletonOf(text);
  return { text, skeleton: skeleton.text, at: skeleton.at, letters: new Set(skeleton.text) };
};

/** The most a name's skeleton can score in the stretch, given the letters it has that the stretch lacks. */
function skeletonBound(nameSkeleton: string, text: Stretch): number {
  let missing = 0;
  for (const c of nameSkeleton) if (!text.letters.has(c)) missing++;
  return bySkeleton(1 - missing / nameSkeleton.length);
}

/**
 * How closely a name appears in the text, and where in the stretch's text it starts when it is
 * found there surely (else -1).
 */
interface Found {
  score: number;
  start: number;
}

/**
 * The markers before the district's name. Besides อ. and อำเภอ: อ read as ฮ, its dot read as a comma
 * or bracket, or lost leaving the อ a word of its own; those only at the start of a word, where no
 * name has them. (A marker read joined to the name, as in อร่อนพิบูลย์, is not told from a name
 * beginning with อ; the subdistrict is then looked for before where the district was found.)
 */
const DISTRICT_MARKER = /อ\s*\.|(?<![\u0E01-\u0E4E])(?:ฮ\s*\.|[อฮ]\s*[,(]|[อฮ]\s)|อำเภอ|เขต/;
/** The markers before the province's name: จ. and จังหวัด, and จ with its dot misread or lost as above. */
const PROVINCE_MARKER = /จ\s*\.|(?<![\u0E01-\u0E4E])จ\s*[,(\s]|จังหวัด|กรุงเทพ/;

/**
 * The place the address lines name: each place in the dataset is scored by how closely its
 * subdistrict, district and province names appear in the text (and in the parts found after the
 * printed markers ต. อ. จ. / แขวง เขต), so a misread marker or letter does not lose the place. Each
 * name is also looked for by its skeleton, as the recogniser often loses the marks above and below
 * the letters.
 */
export async function matchAddress(read: AddressText): Promise<MatchedAddress | undefined> {
  if (compact(read.text).length < 6) return undefined;
  // Where the markers were read, each name is looked for in its own stretch of the text, so the
  // subdistrict is not matched to the district's name (many share it). Nothing before the district's
  // marker: the line with the subdistrict was not read, and the subdistrict is not guessed.
  const districtAt = read.text.search(DISTRICT_MARKER);
  const provinceAt = read.text.search(PROVINCE_MARKER);
  const districtInWholeText = !(districtAt >= 0 && provinceAt > districtAt);
  const stretch = {
    subdistrict: compact(districtAt >= 0 ? read.text.slice(0, districtAt) : read.text),
    district: stretchOf(compact(districtInWholeText ? read.text : read.text.slice(districtAt, provinceAt))),
    province: stretchOf(compact(provinceAt >= 0 ? read.text.slice(provinceAt) : read.text)),
  };
  const subdistrictStretches = new Map<number, Stretch>();
  /** The subdistrict's stretch, ending where the district was found (the subdistrict is written before it). */
  const subdistrictStretch = (districtStart: number): Stretch => {
    const end = Math.min(stretch.subdistrict.length, districtStart);
    let s = subdistrictStretches.get(end);
    if (!s) subdistrictStretches.set(end, (s = stretchOf(stretch.subdistrict.slice(0, end))));
    return s;
  };
  const partSkeleton = {
    subdistrict: skeletonOf(read.subdistrict).text,
    district: skeletonOf(read.district).text,
    province: skeletonOf(read.province).text,
  };
  const all = await loadPlaces();
  const cache = new Map<string, Found>();
  const find = (name: string, nameSkeleton: string, part: string, partSkeleton: string, text: Stretch): Found => {
    const key = `${part}|${name}|${text.text}`;
    let found = cache.get(key);
    if (found === undefined) {
      let inText = 0;
      let start = -1;
      if (name.length >= 3) {
        const closest = closestStretch(name, text.text);
        inText = 1 - closest.distance / name.length;
        start = closest.start;
      }
      // A skeleton of three letters is found by chance in a line of text, so only longer ones are
      // looked for; for most names, the letters alone rule out a skeleton close enough to count.
      if (nameSkeleton.length >= 4 && skeletonBound(nameSkeleton, text) > inText) {
        const closest = closestStretch(nameSkeleton, text.skeleton);
        const skeletonScore = bySkeleton(1 - closest.distance / nameSkeleton.length);
        if (skeletonScore > inText) {
          inText = skeletonScore;
          start = closest.start < text.at.length ? text.at[closest.start] : text.text.length;
        }
      }
      const asPart = part ? Math.max(similarity(part, name), bySkeleton(similarity(partSkeleton, nameSkeleton))) : 0;
      found = { score: Math.max(inText, asPart), start: inText >= SURE_PART ? start : -1 };
      cache.set(key, found);
    }
    return found;
  };
  let best: { place: Place; total: number; worst: number; clear: number } | null = null;
  let runnerUp = 0;
  for (const place of all) {
    const { skeleton } = place;
    const district = find(place.district, skeleton.district, read.district, partSkeleton.district, stretch.district);
    // Looked for in the whole text (its marker, or the province's after it, not read), the district's
    // name is in the subdistrict's stretch too: the subdistrict is then looked for before it, so a
    // subdistrict sharing the district's name is not found in the district's place.
    const subdistrictText = subdistrictStretch(
      districtInWholeText && district.start >= 0 ? district.start : stretch.subdistrict.length,
    );
    const parts = [
      find(place.subdistrict, skeleton.subdistrict, read.subdistrict, partSkeleton.subdistrict, subdistrictText).score,
      district.score,
      find(place.province, skeleton.province, read.province, partSkeleton.province, stretch.province).score,
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
