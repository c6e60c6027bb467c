import { useState } from 'react';

const STORAGE_KEY = 'klaimor.staff.ownSessions';

function remembered(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'yes';
  } catch {
    return false;
  }
}

/**
 * Whether a clinician's day list shows only the sessions they see patients in: remembered on this device, so a
 * doctor who chose it once finds their own list at every start.
 */
export function useOwnSessions(): [boolean, (own: boolean) => void] {
  const [own, setOwn] = useState(remembered);
  const choose = (next: boolean) => {
    try {
      localStorage.setItem(STORAGE_KEY, next ? 'yes' : 'no');
    } catch {
      // private mode: the choice lasts while the screen is open
    }
    setOwn(next);
  };
  return [own, choose];
}
