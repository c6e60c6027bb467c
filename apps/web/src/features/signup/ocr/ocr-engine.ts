/**
 * The recogniser: tesseract.js in Web Workers, one with the Thai and one with the English trained
 * data, both loaded from this app's own origin (never a CDN) and not cached in IndexedDB (the HTTP
 * cache keeps the versioned files). Loaded only when the patient chooses to scan.
 */
import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';
import { relaxedSimd, simd } from 'wasm-feature-detect';
import type { OcrLanguage } from './card-layout';

/** A character read, and where it starts and ends across the image read (pixels). */
export interface OcrSymbol {
  text: string;
  x0: number;
  x1: number;
}

export interface OcrLine {
  text: string;
  confidence: number;
  symbols?: OcrSymbol[];
}

export interface RegionReading {
  text: string;
  lines: OcrLine[];
}

export type EngineProgress = (loaded: number) => void;

interface Engines {
  tha: TesseractWorker;
  eng: TesseractWorker;
}

let engines: Promise<Engines> | null = null;

const absolute = (p: string) => new URL(p, self.location.origin).href;

/** The fastest engine build this browser runs. */
async function engineBuild(): Promise<string> {
  if (await relaxedSimd()) return 'tesseract-core-relaxedsimd-lstm';
  if (await simd()) return 'tesseract-core-simd-lstm';
  return 'tesseract-core-lstm';
}

async function startEngines(onProgress?: EngineProgress): Promise<Engines> {
  const enginePath = import.meta.env.OCR_ENGINE_PATH;
  const dataPath = import.meta.env.OCR_DATA_PATH;
  if (!enginePath || !dataPath) throw new Error('OCR files are not part of this build');
  const corePath = absolute(`${enginePath}/${await engineBuild()}.js`);
  const done = { tha: 0, eng: 0 };
  const options = (lang: OcrLanguage) => ({
    workerPath: absolute(`${enginePath}/worker.min.js`),
    corePath,
    langPath: absolute(dataPath),
    cacheMethod: 'none',
    gzip: true,
    // A same-origin script, not a blob: the engine finds its .wasm beside it.
    workerBlobURL: false,
    logger: (m: { status: string; progress: number }) => {
      if (m.status.startsWith('loading')) {
        done[lang] = Math.max(done[lang], m.status.includes('traineddata') ? 0.5 + m.progress / 2 : m.progress / 2);
        onProgress?.((done.tha + done.eng) / 2);
      }
    },
  });
  const [tha, eng] = await Promise.all([
    createWorker('tha', OEM.LSTM_ONLY, options('tha')),
    createWorker('eng', OEM.LSTM_ONLY, options('eng')),
  ]);
  await Promise.all(
    [tha, eng].map((w) => w.setParameters({ preserve_interword_spaces: '1', user_defined_dpi: '300' })),
  );
  onProgress?.(1);
  return { tha, eng };
}

/** Starts (once) and returns the two recognisers. */
export function loadEngines(onProgress?: EngineProgress): Promise<Engines> {
  engines ??= startEngines(onProgress).catch((error: unknown) => {
    engines = null;
    throw error;
  });
  return engines;
}

/** Frees the workers' memory; the next scan starts them again (from the HTTP cache). */
export async function unloadEngines(): Promise<void> {
  const running = engines;
  engines = null;
  if (!running) return;
  const { tha, eng } = await running.catch(() => ({ tha: null, eng: null }));
  await Promise.all([tha?.terminate(), eng?.terminate()]);
}

export interface LineToRead {
  lang: OcrLanguage;
  whitelist?: string;
  image: Blob;
}

/** One found line, read as a single line of text (a whole line: its marks are in the image). */
async function readLine(worker: TesseractWorker, line: LineToRead): Promise<RegionReading> {
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_LINE,
    tessedit_char_whitelist: line.whitelist ?? '',
  });
  const { data } = await worker.recognize(line.image, {}, { text: true, blocks: true });
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const l of paragraph.lines) {
        const symbols = l.words.flatMap((w) => w.symbols.map((c) => ({ text: c.text, x0: c.bbox.x0, x1: c.bbox.x1 })));
        lines.push({ text: l.text.trim(), confidence: l.confidence, symbols });
      }
    }
  }
  return { text: data.text, lines };
}

/** Reads every line, the Thai ones and the English ones side by side, in the order given. */
export async function readLines(toRead: LineToRead[], onProgress?: EngineProgress): Promise<RegionReading[]> {
  const { tha, eng } = await loadEngines(onProgress);
  const out: RegionReading[] = new Array<RegionReading>(toRead.length);
  const run = async (worker: TesseractWorker, lang: OcrLanguage) => {
    for (let i = 0; i < toRead.length; i++) {
      if (toRead[i].lang === lang) out[i] = await readLine(worker, toRead[i]);
    }
  };
  await Promise.all([run(tha, 'tha'), run(eng, 'eng')]);
  return out;
}
