/**
 * The recogniser: tesseract.js in Web Workers, one with the Thai and one with the English trained
 * data, both loaded from this app's own origin (never a CDN) and not cached in IndexedDB (the HTTP
 * cache keeps the versioned files). Loaded only when the patient chooses to scan.
 */
import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';
import { relaxedSimd, simd } from 'wasm-feature-detect';
import { CARD_REGIONS, type CardRegionName, type OcrLanguage } from './card-layout';

export interface OcrWord {
  text: string;
  confidence: number;
  x0: number;
  x1: number;
}

export interface OcrLine {
  text: string;
  confidence: number;
  words: OcrWord[];
  /** Vertical middle of the line, as a fraction of the region's height. */
  middle: number;
  height: number;
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
    [tha, eng].map((w) =>
      w.setParameters({ preserve_interword_spaces: '1', user_defined_dpi: '300' }),
    ),
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

async function readRegion(worker: TesseractWorker, name: CardRegionName, image: Blob): Promise<RegionReading> {
  const region = CARD_REGIONS[name];
  await worker.setParameters({
    tessedit_pageseg_mode: region.singleLine ? PSM.SINGLE_LINE : PSM.SINGLE_BLOCK,
    tessedit_char_whitelist: region.whitelist ?? '',
  });
  const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
  const height = Math.max(1, ...(data.blocks ?? []).map((b) => b.bbox.y1));
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lines.push({
          text: line.text.trim(),
          confidence: line.confidence,
          words: line.words.map((w) => ({ text: w.text, confidence: w.confidence, x0: w.bbox.x0, x1: w.bbox.x1 })),
          middle: (line.bbox.y0 + line.bbox.y1) / 2 / height,
          height: line.bbox.y1 - line.bbox.y0,
        });
      }
    }
  }
  return { text: data.text, lines };
}

/** Reads every region, the Thai ones and the English ones side by side. */
export async function readRegions(
  regions: Record<CardRegionName, Blob>,
  onProgress?: EngineProgress,
): Promise<Record<CardRegionName, RegionReading>> {
  const { tha, eng } = await loadEngines(onProgress);
  const out = {} as Record<CardRegionName, RegionReading>;
  const run = async (worker: TesseractWorker, lang: OcrLanguage) => {
    for (const name of Object.keys(CARD_REGIONS) as CardRegionName[]) {
      if (CARD_REGIONS[name].lang === lang) out[name] = await readRegion(worker, name, regions[name]);
    }
  };
  await Promise.all([run(tha, 'tha'), run(eng, 'eng')]);
  return out;
}
