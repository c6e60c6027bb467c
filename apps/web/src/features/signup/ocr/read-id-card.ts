/**
 * Reads the front of a Thai national ID card from a photo, entirely in the browser: the image is
 * prepared in a worker (card found, straightened, evened out, its printed lines found and matched to
 * the card's rows), each line is recognised by tesseract.js in the worker of its language, the lines
 * are confirmed by their printed labels, and the text is parsed into form fields.
 * Neither the image nor the text is sent anywhere.
 */
import type { CardRegionName } from './card-layout';
import {
  checkedAddress,
  parseEnglishDate,
  parseIdCard,
  parseThaiDate,
  parseThaiId,
  type IdCardReading,
  type MatchedAddress,
  type PartialDate,
} from './id-card-parsers';
import { identifyFields, type FieldReading } from './locate-fields';
import { matchAddress } from './match-address';
import { readLines } from './ocr-engine';
import { readFromHouseNumber, type FromHouseNumber } from './read-from-number';
import type { Frame, LayoutDebug, PrepareReply, PrepareRequest } from './prepare.worker';

export type ReadStage = 'loading' | 'preparing' | 'reading' | 'checking';
export type ReadProgress = (stage: ReadStage, loaded?: number) => void;

export interface IdCardScan {
  reading: IdCardReading;
  /** Whether a card outline was found in the photo (otherwise the photo was read as framed). */
  cardFound: boolean;
  /** The recognised text of each region, for the accuracy report; stays in the browser. */
  texts: Record<CardRegionName, string>;
  /** Only when asked for (`debug`): what each stage saw, to tell why a field was left empty. */
  debug?: ScanDebug;
}

/** Each stage's view of one scan: lines found and matched, text read, and the checks' verdicts. */
export interface ScanDebug {
  layout: LayoutDebug;
  /** Each line read, as planned: the field it was read for, which reading, and the text. */
  reads: { field: CardRegionName; pass: 1 | 2; found: boolean; text: string }[];
  /** Each field's reading after the labels had their say (empty: moved away or dropped). */
  fields: Record<CardRegionName, FieldReading>;
  /** The house number's printed shapes ('/' a slash, '0' a figure), when they could be told. */
  houseNumberShape: string | null;
  checks: {
    /** The ID number from each reading: a valid number, or whether a 13-digit number failed its check digit. */
    idFirst: { value?: string; rejected: boolean };
    idSecond?: { value?: string; rejected: boolean };
    thaiDate: PartialDate | null;
    englishDate: PartialDate | null;
    /** The place each address reading matched (undefined: no real place close enough). */
    addressFirst?: MatchedAddress;
    addressSecond?: MatchedAddress;
  };
}
export interface ReadOptions {
  /** Part of the photo the card should be in (the camera's guide frame, with a margin). */
  frame?: Frame;
  onProgress?: ReadProgress;
  /** Return what each stage saw as well (`IdCardScan.debug`); the reading itself is the same. */
  debug?: boolean;
}

function prepareInWorker(image: Blob, frame?: Frame, debug?: boolean): Promise<Extract<PrepareReply, { ok: true }>> {
  const worker = new Worker(new URL('./prepare.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Extract<PrepareReply, { ok: true }>>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<PrepareReply>) => {
      if (event.data.ok) resolve(event.data);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ image, frame, debug } satisfies PrepareRequest);
  }).finally(() => worker.terminate());
}

export async function readIdCard(image: Blob, { frame, onProgress, debug }: ReadOptions = {}): Promise<IdCardScan> {
  onProgress?.('preparing');
  const prepared = await prepareInWorker(image, frame, debug);
  onProgress?.('reading');
  const readings = await readLines(prepared.lines, (loaded) =>
    onProgress?.(loaded < 1 ? 'loading' : 'reading', loaded),
  );
  const address = prepared.lines.findIndex((line) => line.field === 'address1' && line.pass === 1 && line.found);
  const fromNumber: FromHouseNumber =
    address >= 0 ? await readFromHouseNumber(prepared.lines[address].image, readings[address]) : {};
  onProgress?.('checking');
  const checks = new Map(
    prepared.lines.flatMap((line, i) => (line.pass === 2 ? [[line.field, readings[i]] as const] : [])),
  );
  if (fromNumber.check) checks.set('address1', fromNumber.check);
  const regions = identifyFields(
    prepared.lines.flatMap((line, i) =>
      line.pass === 1 ? [{ field: line.field, reading: { ...readings[i], check: checks.get(line.field) } }] : [],
    ),
  );
  const reading = parseIdCard(regions, fromNumber);
  const addressFirst = await matchAddress(reading.addressText);
  const addressSecond = reading.addressCheckText && (await matchAddress(reading.addressCheckText));
  reading.address = checkedAddress(addressFirst, addressSecond);
  const texts = Object.fromEntries(Object.entries(regions).map(([k, r]) => [k, r.text])) as Record<
    CardRegionName,
    string
  >;
  if (!debug || !prepared.layout) return { reading, cardFound: prepared.found, texts };
  const id = (r: FieldReading | undefined) => {
    if (!r) return undefined;
    const { value, rejected } = parseThaiId(r.text);
    return { value: value?.value, rejected };
  };
  return {
    reading,
    cardFound: prepared.found,
    texts,
    debug: {
      layout: prepared.layout,
      reads: [
        ...prepared.lines.map((line, i) => ({
          field: line.field,
          pass: line.pass,
          found: line.found,
          text: readings[i].text,
        })),
        ...(fromNumber.check
          ? [{ field: 'address1' as const, pass: 2 as const, found: true, text: fromNumber.check.text }]
          : []),
      ],
      fields: regions,
      houseNumberShape: fromNumber.shape ?? null,
      checks: {
        idFirst: id(regions.idNumber)!,
        idSecond: id(regions.idNumber.check),
        thaiDate: parseThaiDate(regions.thaiBirthday.text),
        englishDate: parseEnglishDate(regions.englishBirthday.text),
        addressFirst,
        addressSecond,
      },
    },
  };
}

export { loadEngines, unloadEngines } from './ocr-engine';
export type { Frame } from './prepare.worker';
