import { useCallback, useEffect, useRef, useState } from 'react';
import { marksOfReading } from './ocr-review';
import type * as ReadIdCard from './read-id-card';
import type { Frame, IdCardScan, ReadStage } from './read-id-card';

export type ReaderState =
  | { status: 'idle' }
  | { status: 'working'; stage: ReadStage; loaded?: number }
  | { status: 'failed'; reason: 'unreadable' | 'error' };

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

/** Reads an ID card photo on this device; `onRead` gets a scan that filled at least one field. */
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
        if (Object.keys(marksOfReading(scan.reading)).length === 0 && !scan.reading.thaiIdRejected) {
          setState({ status: 'failed', reason: 'unreadable' });
        } else {
          setState({ status: 'idle' });
          onRead(scan);
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

  return { state, read, cancel };
}
