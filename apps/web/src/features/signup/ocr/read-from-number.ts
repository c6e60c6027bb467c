/**
 * The address's second reading: the line again from its house number on, cut where the first
 * reading found the number. "ที่อยู่" is short and the space after it is no wider than the spaces
 * between the address's words, so the image alone often put the cut a word or two late (the check
 * then lacked the house number and disagreed with every right first reading); the recogniser's own
 * character boxes say where the number is. The number's printed shapes are told from the same place.
 */
import { INK } from './find-lines';
import { greyOfPng, pngOfGrey } from './grey-png';
import { houseNumberShape } from './house-number';
import type { HouseNumberClues } from './id-card-parsers';
import { withMargin } from './line-image';
import { readLines, type RegionReading } from './ocr-engine';
import { crop, type GreyImage } from './prepare-image';

const FIGURE = /^[0-9๐-๙]$/;
/** What a house number is written with: figures, and a slash (or the bar it may be read as). */
const IN_NUMBER = /^[0-9๐-๙/|]$/;

/**
 * Roughly where the house number lies across the line image, by the recogniser's character boxes:
 * its first figure is the line's first (the label has none), and it runs on through figures and
 * slashes. Null when no character comes before it (no label read) or the line has no figure. The
 * boxes of Thai marks spread over their neighbours, so the number's edges are then put in the empty
 * columns next to them (`emptyColumnNear`).
 */
export function houseNumberSpan(first: RegionReading): { x0: number; x1: number } | null {
  const symbols = first.lines.flatMap((l) => l.symbols ?? []).filter((c) => c.text.trim());
  const start = symbols.findIndex((c) => FIGURE.test(c.text.trim()));
  if (start < 1) return null;
  let end = start;
  while (end + 1 < symbols.length && IN_NUMBER.test(symbols[end + 1].text.trim())) end++;
  return { x0: symbols[start].x0, x1: symbols[end].x1 };
}

const hasInk = (img: GreyImage, x: number) => {
  for (let y = 0; y < img.height; y++) if (img.data[y * img.width + x] < INK) return true;
  return false;
};

/** The first column with ink (the label's start). */
function firstInkColumn(img: GreyImage): number {
  for (let x = 0; x < img.width; x++) if (hasInk(img, x)) return x;
  return 0;
}

/**
 * The middle of a run of columns without ink between `from` and `to`: the widest, or with `leftmost`
 * the first at least 0.7 as wide as the widest (the space after a label rather than the room a
 * tabular "1" leaves beside it). Null when every column has ink.
 */
export function emptyColumnNear(img: GreyImage, from: number, to: number, leftmost = false): number | null {
  const runs: { at: number; width: number }[] = [];
  const end = Math.min(img.width, Math.round(to) + 1);
  let run = 0;
  for (let x = Math.max(0, Math.round(from)); x <= end; x++) {
    if (x < end && !hasInk(img, x)) {
      run++;
      continue;
    }
    if (run > 0) runs.push({ at: x - Math.ceil(run / 2), width: run });
    run = 0;
  }
  if (runs.length === 0) return null;
  const widest = Math.max(...runs.map((r) => r.width));
  return (leftmost ? runs.find((r) => r.width >= 0.7 * widest) : runs.find((r) => r.width === widest))!.at;
}

export interface FromHouseNumber extends HouseNumberClues {
  /** The line read again from the house number on. */
  check?: RegionReading;
}

export async function readFromHouseNumber(line: Blob, first: RegionReading): Promise<FromHouseNumber> {
  const span = houseNumberSpan(first);
  if (!span) return {};
  const grey = await greyOfPng(line);
  const h = grey.height;
  // The space after the label is the widest gap between the line's first ink and the number's first
  // figure (the recogniser's box may start a figure or two late), wider than those between letters.
  const firstInk = firstInkColumn(grey);
  const from =
    emptyColumnNear(grey, Math.max(firstInk + 1, span.x0 - 0.8 * h), span.x0 + 0.15 * h, true) ??
    Math.max(0, span.x0 - 0.15 * h);
  const to = emptyColumnNear(grey, span.x1 - 0.15 * h, span.x1 + 0.4 * h) ?? Math.min(grey.width, span.x1 + 0.15 * h);
  // On a white margin: a figure touching the image's edge is read poorly or not at all (235/31 as 35/31).
  const value = withMargin(crop(grey, from / grey.width, 0, 1, 1));
  // The number alone, a third opinion on it from the recogniser that knows figures best: the Thai one
  // reads a 4 as a 6 or a 2 as a 3 as readily as a slash as a 7.
  const number = withMargin(crop(grey, from / grey.width, 0, to / grey.width, 1));
  const [check, alone] = await readLines([
    { lang: 'tha', image: await pngOfGrey(value) },
    { lang: 'eng', whitelist: '0123456789/', image: await pngOfGrey(number) },
  ]);
  return { check, shape: houseNumberShape(grey, from, to), alone: alone.text.replace(/\s+/g, '') };
}
