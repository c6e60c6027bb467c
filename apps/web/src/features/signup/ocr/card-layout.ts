/**
 * Where each field sits on the front of a Thai national ID card (85.6 x 54 mm), as fractions of the
 * card's width and height. The regions are generous: a card found a few pixels off still has the
 * whole line inside, and the parsers drop the printed labels and anything from neighbouring lines.
 */
export const CARD_ASPECT = 85.6 / 54;

/** The straightened card is drawn at this width; the text on it is then 25 to 40 px high. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = Math.round(CARD_WIDTH / CARD_ASPECT);

export type CardRegionName =
  | 'idNumber'
  | 'thaiName'
  | 'englishFirstname'
  | 'englishLastname'
  | 'thaiBirthday'
  | 'englishBirthday'
  | 'address1'
  | 'address2';

export type OcrLanguage = 'tha' | 'eng';

export interface CardRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  lang: OcrLanguage;
  /** Only these characters are read (digits for the ID number). */
  whitelist?: string;
  /** Read as one line of text (else as a block, whose best line the parser picks). */
  singleLine?: boolean;
  /** Enlarged by this factor before reading: Thai marks above and below the letters are small. */
  scale?: number;
}

export const CARD_REGIONS: Record<CardRegionName, CardRegion> = {
  idNumber: { x0: 0.38, y0: 0.1, x1: 0.96, y1: 0.235, lang: 'eng', whitelist: '0123456789 ' },
  thaiName: { x0: 0.04, y0: 0.225, x1: 0.97, y1: 0.35, lang: 'tha', scale: 1.6, singleLine: true },
  englishFirstname: { x0: 0.24, y0: 0.335, x1: 0.76, y1: 0.42, lang: 'eng' },
  englishLastname: { x0: 0.24, y0: 0.405, x1: 0.76, y1: 0.49, lang: 'eng' },
  thaiBirthday: { x0: 0.24, y0: 0.483, x1: 0.76, y1: 0.566, lang: 'tha' },
  englishBirthday: { x0: 0.24, y0: 0.553, x1: 0.76, y1: 0.633, lang: 'eng' },
  address1: { x0: 0.04, y0: 0.685, x1: 0.76, y1: 0.78, lang: 'tha' },
  address2: { x0: 0.04, y0: 0.762, x1: 0.97, y1: 0.85, lang: 'tha' },
};

export const CARD_REGION_NAMES = Object.keys(CARD_REGIONS) as CardRegionName[];
