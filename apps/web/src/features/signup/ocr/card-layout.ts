/**
 * The front of a Thai national ID card (85.6 x 54 mm): the order of its printed lines, where each one
 * is expected (its vertical centre, as a fraction of the card's height, measured on real cards: see
 * bench/ocr/real-card-layout.md), its language and the label printed before its value. The reader
 * finds the lines on the card itself and identifies them by these labels and by their order; the
 * positions only settle which found line is which when a label cannot be read.
 */
export const CARD_ASPECT = 85.6 / 54;

/** The straightened card is drawn at this width; the text on it is then 25 to 40 px high. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = Math.round(CARD_WIDTH / CARD_ASPECT);

export type OcrLanguage = 'tha' | 'eng';

/** The fields the reader reads, in the order the card prints them. */
export type CardRegionName =
  | 'idNumber'
  | 'thaiName'
  | 'englishFirstname'
  | 'englishLastname'
  | 'thaiBirthday'
  | 'englishBirthday'
  | 'address1'
  | 'address2';

/** Every printed line, read or not: the unread ones help tell the others apart. */
export type CardRowName =
  CardRegionName | 'title' | 'religion' | 'issueDates' | 'issueLabels' | 'issueEnglishDates' | 'issueEnglishLabels';

export interface CardRow {
  name: CardRowName;
  /** Vertical centre on the real card, as a fraction of its height. */
  y: number;
  lang: OcrLanguage;
  /** The printed label(s) that start the line, as printed. */
  labels: string[];
  /** Read for the form (else only used to place the others). */
  read: boolean;
  /** Where the value may lie across the card (fractions of its width), when the line itself was not found. */
  x0: number;
  x1: number;
  /** Only these characters are read (digits for the ID number). */
  whitelist?: string;
  /** Enlarged by this factor before reading: Thai marks above and below the letters are small. */
  scale?: number;
  /**
   * Read a second time to check the first: the value alone, without its label ('value'), the value
   * from its house number on, where the first reading found the number ('from-number'), or the line
   * larger ('larger'). Two readings that agree are trusted; two that differ are marked unsure.
   */
  second?: 'value' | 'from-number' | 'larger';
  /** The value is printed in bold: read alone, its strokes are made lighter first. */
  bold?: true;
  /**
   * The printed label is wider than this (share of the card's width), so the value read alone is not
   * cut inside the label. On the real card (`bench/ocr/real-card-layout.md`) the value starts 0.17 of
   * the card after "ชื่อตัวและชื่อสกุล" starts; the label itself is narrower than that and print sizes
   * vary, so about half of it is kept.
   */
  labelWidth?: number;
}

export const CARD_ROWS: CardRow[] = [
  {
    name: 'title',
    y: 0.059,
    lang: 'tha',
    labels: ['บัตรประจำตัวประชาชน', 'Thai National ID Card'],
    read: false,
    x0: 0.15,
    x1: 0.85,
  },
  {
    name: 'idNumber',
    y: 0.141,
    lang: 'eng',
    labels: ['เลขประจำตัวประชาชน', 'Identification Number'],
    read: true,
    x0: 0.4,
    x1: 0.97,
    whitelist: '0123456789 ',
    second: 'larger',
  },
  {
    name: 'thaiName',
    y: 0.242,
    lang: 'tha',
    labels: ['ชื่อตัวและชื่อสกุล'],
    read: true,
    x0: 0.06,
    x1: 0.74,
    scale: 1.6,
    second: 'value',
    bold: true,
    labelWidth: 0.08,
  },
  { name: 'englishFirstname', y: 0.319, lang: 'eng', labels: ['Name'], read: true, x0: 0.26, x1: 0.74 },
  { name: 'englishLastname', y: 0.389, lang: 'eng', labels: ['Last name'], read: true, x0: 0.26, x1: 0.74 },
  { name: 'thaiBirthday', y: 0.455, lang: 'tha', labels: ['เกิดวันที่'], read: true, x0: 0.28, x1: 0.74, scale: 1.3 },
  { name: 'englishBirthday', y: 0.53, lang: 'eng', labels: ['Date of Birth'], read: true, x0: 0.28, x1: 0.74 },
  { name: 'religion', y: 0.596, lang: 'tha', labels: ['ศาสนา'], read: false, x0: 0.28, x1: 0.6 },
  {
    name: 'address1',
    y: 0.667,
    lang: 'tha',
    labels: ['ที่อยู่'],
    read: true,
    x0: 0.05,
    x1: 0.74,
    scale: 1.3,
    // "ที่อยู่" is short, and the space after it no wider than between the address's words: the
    // image alone cannot tell where the value starts, the first reading's words can.
    second: 'from-number',
  },
  { name: 'address2', y: 0.709, lang: 'tha', labels: [], read: true, x0: 0.05, x1: 0.74, scale: 1.3, second: 'larger' },
  { name: 'issueDates', y: 0.757, lang: 'tha', labels: [], read: false, x0: 0.05, x1: 0.74 },
  { name: 'issueLabels', y: 0.805, lang: 'tha', labels: ['วันออกบัตร', 'วันบัตรหมดอายุ'], read: false, x0: 0.05, x1: 0.74 },
  { name: 'issueEnglishDates', y: 0.852, lang: 'eng', labels: [], read: false, x0: 0.05, x1: 0.74 },
  {
    name: 'issueEnglishLabels',
    y: 0.905,
    lang: 'eng',
    labels: ['Date of Issue', 'Date of Expiry'],
    read: false,
    x0: 0.05,
    x1: 0.74,
  },
];

export const CARD_REGION_NAMES = CARD_ROWS.filter((r) => r.read).map((r) => r.name as CardRegionName);

export const rowOf = (name: CardRowName): CardRow => CARD_ROWS.find((r) => r.name === name)!;
