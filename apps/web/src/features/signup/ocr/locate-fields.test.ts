import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH } from './card-layout';
import type { TextLine } from './find-lines';
import { identifyFields, labelledAs, matchRows, planReads, type ReadLine } from './locate-fields';
import type { RegionReading } from './ocr-engine';

/** Lines as the line finder reported them on benchmark cards drawn at the real card's positions. */
const lines = (recorded: number[][]): TextLine[] =>
  recorded.map(([c0, c1, x0, y0, x1, y1]) => ({ core: { y0: c0, y1: c1 }, box: { x0, y0, x1, y1 } }));

// A clean card printed 2% low, with an address wrapped onto a second line (bench card clean #3).
const WRAPPED = lines([
  [31, 104, 44, 0, 1010, 96],
  [97, 135, 507, 105, 1092, 152],
  [165, 219, 107, 136, 640, 235],
  [236, 263, 339, 220, 679, 275],
  [296, 322, 339, 277, 590, 334],
  [345, 371, 376, 326, 757, 383],
  [402, 426, 374, 384, 765, 437],
  [453, 473, 378, 438, 556, 482],
  [504, 529, 93, 485, 807, 540],
  [545, 564, 94, 531, 473, 573],
  [574, 598, 84, 565, 281, 609],
  [618, 638, 643, 603, 795, 646],
  [647, 687, 80, 639, 812, 705],
  [733, 747, 336, 723, 559, 753],
]);
// A hand-held photo: straightened a little too large, a one-line address (bench card cropped #4).
const HAND_HELD = lines([
  [0, 30, 1155, 0, 1200, 28],
  [29, 97, 0, 31, 943, 90],
  [91, 126, 470, 98, 977, 142],
  [172, 216, 65, 139, 649, 236],
  [239, 267, 314, 218, 641, 280],
  [294, 329, 318, 268, 680, 345],
  [347, 374, 357, 330, 702, 386],
  [404, 429, 368, 385, 734, 440],
  [461, 479, 370, 448, 550, 487],
  [503, 530, 93, 483, 734, 542],
  [573, 594, 626, 557, 812, 603],
  [611, 627, 645, 599, 811, 620],
  [621, 680, 97, 628, 818, 681],
  [682, 700, 637, 681, 783, 708],
  [715, 731, 358, 703, 573, 738],
]);

// A print 2% high, with a chip fragment found as a line (bench card clean #21): rows about evenly
// spaced, so a placement one whole row down fits almost as well.
const HIGH = lines([
  [18, 85, 76, 0, 950, 82],
  [83, 120, 530, 86, 1011, 137],
  [140, 189, 137, 121, 718, 211],
  [221, 257, 372, 194, 678, 248],
  [249, 267, 201, 258, 231, 271],
  [272, 299, 373, 268, 669, 311],
  [325, 352, 405, 305, 736, 364],
  [380, 405, 408, 361, 765, 416],
  [437, 457, 408, 422, 583, 466],
  [479, 509, 126, 458, 850, 523],
  [524, 543, 128, 510, 228, 551],
  [552, 573, 658, 544, 832, 582],
  [597, 611, 672, 587, 820, 617],
  [627, 666, 117, 612, 835, 669],
  [670, 689, 655, 667, 777, 698],
  [714, 726, 363, 705, 558, 731],
]);

// A hand-held card whose wrapped address lines touch: the second line's tall letters reach above the
// first line's lowest ones (bench card cropped #23).
const TOUCHING = lines([
  [0, 81, 0, 0, 980, 79],
  [80, 111, 539, 82, 1080, 125],
  [158, 185, 143, 138, 873, 197],
  [215, 239, 379, 197, 704, 250],
  [268, 298, 375, 246, 710, 312],
  [318, 342, 410, 300, 739, 353],
  [372, 395, 407, 355, 751, 400],
  [401, 411, 200, 396, 232, 416],
  [431, 459, 409, 412, 572, 472],
  [477, 506, 128, 460, 751, 501],
  [502, 544, 127, 507, 440, 548],
  [549, 572, 113, 545, 283, 582],
  [619, 663, 390, 586, 827, 683],
  [710, 724, 370, 700, 581, 730],
  [743, 757, 0, 733, 42, 757],
]);

const coreOf = (l: TextLine | undefined) => (l ? [l.core.y0, l.core.y1] : undefined);

describe('matchRows', () => {
  it('places a print 2% low and takes the wrapped second address line, not the issue date below it', () => {
    const { rows } = matchRows(WRAPPED, CARD_HEIGHT);
    expect(coreOf(rows.get('thaiName'))).toEqual([165, 219]);
    expect(coreOf(rows.get('englishFirstname'))).toEqual([236, 263]);
    expect(coreOf(rows.get('englishLastname'))).toEqual([296, 322]);
    expect(coreOf(rows.get('thaiBirthday'))).toEqual([345, 371]);
    expect(coreOf(rows.get('englishBirthday'))).toEqual([402, 426]);
    expect(coreOf(rows.get('address1'))).toEqual([504, 529]);
    expect(coreOf(rows.get('address2'))).toEqual([545, 564]);
    expect(coreOf(rows.get('issueDates'))).toEqual([574, 598]);
  });

  it('places a card straightened too large, and a one-line address has no second line', () => {
    const { rows } = matchRows(HAND_HELD, CARD_HEIGHT);
    expect(coreOf(rows.get('thaiName'))).toEqual([172, 216]);
    expect(coreOf(rows.get('englishBirthday'))).toEqual([404, 429]);
    expect(coreOf(rows.get('address1'))).toEqual([503, 530]);
    expect(rows.get('address2')).toBeUndefined();
  });

  it("takes a wrapped address line whose tall letters reach above the first line's lowest", () => {
    const { rows } = matchRows(TOUCHING, CARD_HEIGHT);
    expect(coreOf(rows.get('address1'))).toEqual([477, 506]);
    expect(coreOf(rows.get('address2'))).toEqual([502, 544]);
    expect(coreOf(rows.get('issueDates'))).toEqual([549, 572]);
  });

  it('does not slip a whole row when the print sits high', () => {
    const { rows } = matchRows(HIGH, CARD_HEIGHT);
    expect(coreOf(rows.get('idNumber'))).toEqual([83, 120]);
    expect(coreOf(rows.get('thaiName'))).toEqual([140, 189]);
    expect(coreOf(rows.get('thaiBirthday'))).toEqual([325, 352]);
    expect(coreOf(rows.get('englishBirthday'))).toEqual([380, 405]);
    expect(coreOf(rows.get('address1'))).toEqual([479, 509]);
    expect(coreOf(rows.get('address2'))).toEqual([524, 543]);
  });

  it('follows the whole print when it sits 3% higher than measured', () => {
    const up = Math.round(0.03 * CARD_HEIGHT);
    const shifted = WRAPPED.map((l) => ({
      core: { y0: l.core.y0 - up, y1: l.core.y1 - up },
      box: { ...l.box, y0: l.box.y0 - up, y1: l.box.y1 - up },
    }));
    const { rows } = matchRows(shifted, CARD_HEIGHT);
    expect(coreOf(rows.get('thaiName'))).toEqual([165 - up, 219 - up]);
    expect(coreOf(rows.get('address2'))).toEqual([545 - up, 564 - up]);
  });
});

describe('planReads', () => {
  it('reads each field from its line, the ID number from a band on the number side, and a missing line where it should be', () => {
    const withoutEnglishName = WRAPPED.filter((l) => l.core.y0 !== 236);
    const plans = planReads(withoutEnglishName, CARD_WIDTH, CARD_HEIGHT);
    const of = (field: string) => plans.find((p) => p.field === field)!;
    expect(of('thaiName')).toMatchObject({ found: true, lang: 'tha', box: { y0: 136, y1: 235 } });
    expect(of('idNumber').box.x0).toBeGreaterThanOrEqual(0.4 * CARD_WIDTH);
    expect(of('idNumber').box.y0).toBeLessThan(97);
    expect(of('idNumber').box.y1).toBeGreaterThan(135);
    const english = of('englishFirstname');
    expect(english.found).toBe(false);
    expect(english.lang).toBe('eng');
    // Where the line should be on this print: between the Thai name and the last name.
    expect(english.box.y0).toBeLessThan(250);
    expect(english.box.y1).toBeGreaterThan(250);
  });
});

const read = (text: string, confidence = 90): RegionReading => ({
  text: `${text}\n`,
  lines: [{ text, confidence }],
});

// Texts as tesseract read them from bench cards' lines (misreadings kept).
const RECORDED: ReadLine[] = [
  { field: 'idNumber', reading: read('4 9719 92506 82 0') },
  { field: 'thaiName', reading: read('ชื่อตัวและชื่อสกุล นาง ชุติมา เพชรรัตน์') },
  { field: 'englishFirstname', reading: read('name Mrs. Chutima') },
  { field: 'englishLastname', reading: read('Last name   Petcharat') },
  { field: 'thaiBirthday', reading: read('เกิดวันที่ 22 มี.ค. 2504') },
  { field: 'englishBirthday', reading: read('pate ormin 22 Mar. 1961') },
  { field: 'address1', reading: read('ที่อย 194 หม่ที่ 1 ถ.มิตรภาพ ต.ช่อแล อ.แม่แตง') },
  { field: 'address2', reading: read('จ.เชียงใหม่') },
];

describe('labelledAs', () => {
  it('knows the printed labels however they were misread', () => {
    expect(labelledAs('name Mrs. Chutima', 'eng')).toBe('englishFirstname');
    expect(labelledAs('Lastname INkaew', 'eng')).toBe('englishLastname');
    expect(labelledAs('ที่อย 194 หม่ที่ 1 ถ.มิตรภาพ', 'tha')).toBe('address1');
    expect(labelledAs('ชื่อตัวและซื่อสกุล นาย ธีรวัฒน์', 'tha')).toBe('thaiName');
    expect(labelledAs('เกิดวันที่ 20 เม.ย. 2516', 'tha')).toBe('thaiBirthday');
    expect(labelledAs('Mr. Chutima', 'eng')).toBeNull();
    expect(labelledAs('จ.เชียงใหม่', 'tha')).toBeNull();
  });
});

describe('identifyFields', () => {
  it('keeps each line where it was found when its label agrees or cannot be read', () => {
    const fields = identifyFields(
      RECORDED.map((r) => (r.field === 'englishFirstname' ? { ...r, reading: read('Mrs. Chutima') } : r)),
    );
    expect(fields.englishFirstname.text).toBe('Mrs. Chutima\n');
    expect(fields.englishBirthday.text).toBe('pate ormin 22 Mar. 1961\n');
    expect(fields.address2.text).toBe('จ.เชียงใหม่\n');
  });

  it("moves lines to the field whose label they carry: the two English name lines found in each other's places", () => {
    const swapped = RECORDED.map((r) =>
      r.field === 'englishFirstname'
        ? { ...r, reading: read('Last name   Petcharat') }
        : r.field === 'englishLastname'
          ? { ...r, reading: read('Mrs. Chutima') }
          : r,
    );
    const fields = identifyFields(swapped);
    expect(fields.englishLastname.text).toBe('Last name   Petcharat\n');
    expect(fields.englishFirstname.text).toBe('Mrs. Chutima\n');
  });

  it('drops a second address line that is really the issue and expiry dates', () => {
    const fields = identifyFields(
      RECORDED.map((r) => (r.field === 'address2' ? { ...r, reading: read('22 มี.ค. 2564 22 มี.ค. 2572') } : r)),
    );
    expect(fields.address2.text).toBe('');
    expect(fields.address1.text).toContain('ถ.มิตรภาพ');
  });
});
