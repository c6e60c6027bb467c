import { useSyncExternalStore } from 'react';

/**
 * Whose data is on screen: the signed-in patient's own (the default), or a dependent's they care for. The choice is
 * kept for the tab (sessionStorage), for the patient who made it only, and forgotten when they sign out. Every
 * person-scoped call goes through `usePatientScope()`: it names the person in the address (`?patient=<id>`, only for
 * a dependent) and its query key carries the person's id, so two people's data never share a cache entry.
 */

const STORAGE_KEY = 'klaimor.patient';

interface Selection {
  /** The signed-in patient who chose. */
  owner: string;
  /** The dependent chosen; null for the patient's own data. */
  patient: string | null;
}

/** Why the app went back to the patient's own data on its own: the grant ended, or no longer covers a screen. */
export interface LostAccess {
  reason: 'ended' | 'narrowed';
  name: string | null;
}

const listeners = new Set<() => void>();
let lost: LostAccess | null = null;
// Where sessionStorage refuses (a private window), the choice lasts as long as the page.
let unstored: string | null | undefined;

function readRaw(): string | null {
  if (unstored !== undefined) return unstored;
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function write(selection: Selection | null): void {
  const raw = selection?.patient ? JSON.stringify(selection) : null;
  try {
    if (raw === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, raw);
    unstored = undefined;
  } catch {
    unstored = raw;
  }
  listeners.forEach((listener) => listener());
}

/** The dependent `owner` chose, or null for their own data (also when the stored choice was someone else's). */
export function selectedDependent(owner: string): string | null {
  try {
    const stored = JSON.parse(readRaw() ?? 'null') as Selection | null;
    return stored && stored.owner === owner && owner !== '' ? stored.patient : null;
  } catch {
    return null;
  }
}

/** Shows `patient`'s data from now on (null: the signed-in patient's own). */
export function selectPatient(owner: string, patient: string | null): void {
  lost = null;
  write({ owner, patient });
}

/** Signing out or deleting the account: the next patient starts with their own data. */
export function forgetSelectedPatient(): void {
  lost = null;
  write(null);
}

/** Back to the patient's own data, saying why (shown by the person switcher until dismissed or another choice). */
export function loseAccess(owner: string, why: LostAccess): void {
  write({ owner, patient: null });
  lost = why;
  listeners.forEach((listener) => listener());
}

export function lostAccess(): LostAccess | null {
  return lost;
}

export function dismissLostAccess(): void {
  lost = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen dependent of the signed-in patient (null: their own data), re-rendering when the choice changes. */
export function useSelectedDependent(owner: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => selectedDependent(owner),
    () => null,
  );
}

export function useLostAccess(): LostAccess | null {
  return useSyncExternalStore(subscribe, lostAccess, () => null);
}
