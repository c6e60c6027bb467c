/**
 * Reads the front of a Thai national ID card from a photo, entirely in the browser: the image is
 * prepared in a worker (card found, straightened, evened out, its printed lines found and matched to
 * the card's rows), each line is recognised by tesseract.js in the worker of its language, the lines
 * are confirmed by their printed labels, and the text is parsed into form fields.
 * Neither the image nor the text is sent anywhere.
 */
import type { CardRegionName } from './card-layout';
import { checkedAddress, parseIdCard, type IdCardReading } from './id-card-parsers';
import { identifyFields } from './locate-fields';
import { matchAddress } from './match-address';
import { readLines } from './ocr-engine';
import type { Frame, PrepareReply, PrepareRequest } from './prepare.worker';

export type ReadStage = 'loading' | 'preparing' | 'reading' | 'checking';
export type ReadProgress = (stage: ReadStage, loaded?: number) => void;

export interface IdCardScan {
  reading: IdCardReading;
  /** Whether a card outline was found in the photo (otherwise the photo was read as framed). */
  cardFound: boolean;
  /** The recognised text of each region, for the accuracy report; stays in the browser. */
  texts: Record<CardRegionName, string>;
}

export interface ReadOptions {
  /** Part of the photo the card should be in (the camera's guide frame, with a margin). */
  frame?: Frame;
  onProgress?: ReadProgress;
}

function prepareInWorker(image: Blob, frame?: Frame): Promise<Extract<PrepareReply, { ok: true }>> {
  const worker = new Worker(new URL('./prepare.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Extract<PrepareReply, { ok: true }>>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<PrepareReply>) => {
      if (event.data.ok) resolve(event.data);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ image, frame } satisfies PrepareRequest);
  }).finally(() => worker.terminate());
}

export async function readIdCard(image: Blob, { frame, onProgress }: ReadOptions = {}): Promise<IdCardScan> {
  onProgress?.('preparing');
  const prepared = await prepareInWorker(image, frame);
  onProgress?.('reading');
  const readings = await readLines(prepared.lines, (loaded) =>
    onProgress?.(loaded < 1 ? 'loading' : 'reading', loaded),
  );
  onProgress?.('checking');
  const checks = new Map(
    prepared.lines.flatMap((line, i) => (line.pass === 2 ? [[line.field, readings[i]] as const] : [])),
  );
  const regions = identifyFields(
    prepared.lines.flatMap((line, i) =>
      line.pass === 1 ? [{ field: line.field, reading: { ...readings[i], check: checks.get(line.field) } }] : [],
    ),
  );
  const reading = parseIdCard(regions);
  reading.address = checkedAddress(
    await matchAddress(reading.addressText),
    reading.addressCheckText && (await matchAddress(reading.addressCheckText)),
  );
  const texts = Object.fromEntries(Object.entries(regions).map(([k, r]) => [k, r.text])) as Record<
    CardRegionName,
    string
  >;
  return { reading, cardFound: prepared.found, texts };
}

export { loadEngines, unloadEngines } from './ocr-engine';
export type { Frame } from './prepare.worker';
