import { useCallback, useEffect, useRef, useState } from 'react';
import { outcomeOfScan, type CardCoverage, type ScanOutcome } from './ocr-review';
import type * as ReadIdCard from './read-id-card';
import type { Frame, IdCardScan, ReadStage } from './read-id-card';

export type ReaderState =
  | { status: 'idle' }
  | { status: 'working'; stage: ReadStage; loaded?: number }
  /** The scan read too little to present as read: the patient is asked to retake, or to keep what came out. */
  | { status: 'poor'; outcome: Exclude<ScanOutcome, 'read'>; coverage: CardCoverage; scan: IdCardScan }
  | { status: 'failed'; reason: 'error' };

type ReaderModule = typeof ReadIdCard;

// The reader (tesseract.js, its workers and trained data) loads only once the patient has chosen to scan.
let reader: Promise<ReaderModule> | null = null;
const loadReader = (): Promise<ReaderModule> => (reader ??= import('./read-id-card'));

/** Starts downloading the reader while the patient frames the card. */
export function preloadIdCardReader(): void {
  if (typeof Worker === 'undefined') return;
  loadReader()
    .then((m) => m.loadEngines())
    .catch(() => undefined); // the scan itself reports a failure
}

/** Frees the reader's workers (they hold the trained data in memory) once the step is left. */
export function releaseIdCardReader(): void {
  void reader?.then((m) => m.unloadEngines()).catch(() => undefined);
}

/**
 * Reads an ID card photo on this device. `onRead` gets a scan that filled at least half of the card's
 * fields; a poorer scan is held as the 'poor' state until the patient retakes the photo or `keep`s it.
 */
export function useIdCardReader(onRead: (scan: IdCardScan) => void) {
  const [state, setState] = useState<ReaderState>({ status: 'idle' });
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current++; // a result arriving after the widget has gone is dropped
    },
    [],
  );

  const read = useCallback(
    async (image: Blob, frame?: Frame) => {
      const id = ++run.current;
      const current = () => run.current === id;
      setState({ status: 'working', stage: 'loading' });
      try {
        const { readIdCard } = await loadReader();
        const scan = await readIdCard(image, {
          frame,
          onProgress: (stage, loaded) => {
            if (current()) setState({ status: 'working', stage, loaded });
          },
        });
        if (!current()) return;
        const { outcome, coverage } = outcomeOfScan(scan);
        if (outcome === 'read') {
          setState({ status: 'idle' });
          onRead(scan);
        } else {
          setState({ status: 'poor', outcome, coverage, scan });
        }
      } catch {
        if (current()) setState({ status: 'failed', reason: 'error' });
      }
    },
    [onRead],
  );

  const cancel = useCallback(() => {
    run.current++;
    setState({ status: 'idle' });
  }, []);

  /** Uses a poor scan as it is: the form takes what was read and the patient types the rest. */
  const keep = useCallback(() => {
    if (state.status !== 'poor') return;
    setState({ status: 'idle' });
    onRead(state.scan);
  }, [state, onRead]);

  return { state, read, cancel, keep };
}
