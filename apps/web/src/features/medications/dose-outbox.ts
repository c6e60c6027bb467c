import type { Checklist, ChecklistDose, DoseTime } from '@klaimor/contracts';
import { useSyncExternalStore } from 'react';
import { DEVICE_KEYS } from '../../session/device-copy';

/**
 * Ticks kept on the device until the server has them. Every tick and untick goes here first and is sent from here
 * (medications.queries.ts `sendQueuedTicks`), so one made without a network, or whose reply was lost, survives a
 * reload and is sent when the network is back. The server sets a dose's state (it never toggles), so sending a
 * change twice is harmless; changes are sent in the order they were made and never merged, so a tick, an untick and
 * a tick again of one dose end as the last one, with the last tick's time.
 */
export interface QueuedTick {
  /** Names this one change: its reply removes it, never a later change of the same dose made meanwhile. */
  id: string;
  date: string;
  medicationId: string;
  doseTime: DoseTime;
  taken: boolean;
  /** When the patient ticked it (ISO 8601, the device's clock); null for an untick. */
  takenAt: string | null;
}

export type TickChoice = Pick<QueuedTick, 'date' | 'medicationId' | 'doseTime' | 'taken'>;

interface Stored {
  /** Whose ticks: another patient signing in on the device never sends them. */
  patientId: string;
  ticks: QueuedTick[];
}

export interface Outbox {
  ticks: readonly QueuedTick[];
  /**
   * Ticks made on this page whose first sending is still under way: not yet "waiting to send". Every other queued
   * tick is waiting: a send of it failed for want of the server (offline), or it was kept from an earlier visit.
   */
  sending: ReadonlySet<string>;
}

// Where the browser refuses to store it (a private window, a full disk), the queue lives as long as the page.
let unstored: string | null | undefined;

function readRaw(): string | null {
  if (unstored !== undefined) return unstored;
  try {
    return localStorage.getItem(DEVICE_KEYS.ticks);
  } catch {
    return null;
  }
}

function read(): Stored | null {
  try {
    const stored = JSON.parse(readRaw() ?? 'null') as Stored | null;
    return stored && Array.isArray(stored.ticks) ? stored : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function write(stored: Stored | null): void {
  const raw = stored && stored.ticks.length > 0 ? JSON.stringify(stored) : null;
  try {
    if (raw === null) localStorage.removeItem(DEVICE_KEYS.ticks);
    else localStorage.setItem(DEVICE_KEYS.ticks, raw);
    unstored = undefined;
  } catch {
    unstored = raw;
  }
  listeners.forEach((listener) => listener());
}

/** The queue of someone whose ticks are never kept here (a dependent's, sent online only). */
export const NOTHING_QUEUED: Outbox = { ticks: [], sending: new Set() };

let sending: ReadonlySet<string> = new Set();
let snapshotRaw: string | null = null;
let snapshot: Outbox = { ticks: [], sending };

/** The queue as it is now (read from storage, so another tab's changes and a sign-out show too). */
export function outbox(): Outbox {
  const raw = readRaw();
  if (raw !== snapshotRaw || snapshot.sending !== sending) {
    snapshotRaw = raw;
    snapshot = { ticks: read()?.ticks ?? [], sending };
  }
  return snapshot;
}

/** Whether any queued tick is waiting for the server (see `Outbox.sending`). */
export function anyWaiting(): boolean {
  const { ticks } = outbox();
  return ticks.some((tick) => !sending.has(tick.id));
}

/** randomUUID needs a secure context, which the app on a test server in the local network is not. */
const newId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Keeps a tick or untick made now, after any not sent yet. */
export function queueTick(patientId: string, choice: TickChoice, now: Date = new Date()): QueuedTick {
  const tick: QueuedTick = { ...choice, id: newId(), takenAt: choice.taken ? now.toISOString() : null };
  const stored = read();
  const earlier = stored?.patientId === patientId ? stored.ticks : [];
  sending = new Set([...sending, tick.id]);
  write({ patientId, ticks: [...earlier, tick] });
  return tick;
}

/** The oldest tick not sent yet, for the patient signed in (another patient's are never sent). */
export function nextQueuedTick(patientId: string | null): QueuedTick | null {
  const stored = read();
  if (!stored || (patientId !== null && stored.patientId !== patientId)) return null;
  return stored.ticks[0] ?? null;
}

/** The server has this change (or refused it for good): it leaves the queue. */
export function removeQueuedTick(id: string): void {
  if (sending.has(id)) sending = new Set([...sending].filter((other) => other !== id));
  const stored = read();
  if (stored) write({ ...stored, ticks: stored.ticks.filter((tick) => tick.id !== id) });
}

/** Drops the ticks of any patient but this one (another patient signed in on the device). */
export function keepQueuedTicksOf(patientId: string): void {
  const stored = read();
  if (stored && stored.patientId !== patientId) write(null);
}

/** A send failed for want of the server: every queued tick is now waiting. */
export function markAllWaiting(): void {
  if (sending.size === 0) return;
  sending = new Set();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DEVICE_KEYS.ticks || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The queue, re-rendering when it changes (in this tab or another). */
export function useOutbox(): Outbox {
  return useSyncExternalStore(subscribe, outbox, outbox);
}

export interface ShownDose extends ChecklistDose {
  /** A change of this dose is kept on the device and not yet sent ("waiting to send"). */
  waiting: boolean;
}
export interface ShownChecklist extends Omit<Checklist, 'doses'> {
  doses: ShownDose[];
}

/** The server's checklist with the queued changes on top: the patient sees each dose as they last ticked it. */
export function withQueuedTicks(checklist: Checklist, { ticks, sending: underWay }: Outbox): ShownChecklist {
  const doses = checklist.doses.map((dose): ShownDose => {
    const mine = ticks.filter(
      (t) => t.date === checklist.date && t.medicationId === dose.medicationId && t.doseTime === dose.doseTime,
    );
    const last = mine.at(-1);
    if (!last) return { ...dose, waiting: false };
    return { ...dose, taken: last.taken, takenAt: last.takenAt, waiting: mine.some((t) => !underWay.has(t.id)) };
  });
  return { ...checklist, doses, taken: doses.filter((d) => d.taken).length };
}
