import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from './seek.queries';

export type GeolocationState =
  { status: 'pending' } | { status: 'located'; position: LatLng } | { status: 'unavailable' };

export interface Geolocation {
  state: GeolocationState;
  /** True while a second ask (the patient's "use my location") waits for the browser. */
  asking: boolean;
  /** The last ask again failed: the browser still will not say where the patient is. */
  failedAgain: boolean;
  /** Asks the browser again, keeping the last answer on screen until a new one comes; `onLocated` gets the new one. */
  locate: (onLocated: (position: LatLng) => void) => void;
}

export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

/**
 * The browser's position, asked once after mounting and again on `locate()`; 'unavailable' when denied, missing or
 * too slow. 'pending' on the server and in the first render, so a prerendered page hydrates without a mismatch.
 */
export function useGeolocation(): Geolocation {
  const [state, setState] = useState<GeolocationState>({ status: 'pending' });
  const [asking, setAsking] = useState(false);
  const [failedAgain, setFailedAgain] = useState(false);

  useEffect(() => {
    if (state.status !== 'pending') return;
    let active = true;
    if (!navigator.geolocation) {
      queueMicrotask(() => {
        if (active) setState({ status: 'unavailable' });
      });
      return () => {
        active = false;
      };
    }
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (active) setState({ status: 'located', position: { lat: p.coords.latitude, lng: p.coords.longitude } });
      },
      () => {
        if (active) setState({ status: 'unavailable' });
      },
      GEOLOCATION_OPTIONS,
    );
    return () => {
      active = false;
    };
  }, [state.status]);

  const locate = useCallback((onLocated: (position: LatLng) => void) => {
    setFailedAgain(false);
    if (!navigator.geolocation) {
      setFailedAgain(true);
      return;
    }
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const position = { lat: p.coords.latitude, lng: p.coords.longitude };
        setAsking(false);
        setState({ status: 'located', position });
        onLocated(position);
      },
      () => {
        setAsking(false);
        setFailedAgain(true);
      },
      { ...GEOLOCATION_OPTIONS, maximumAge: 0 },
    );
  }, []);

  return { state, asking, failedAgain, locate };
}
