import { useEffect, useState } from 'react';
import type { LatLng } from './seek.queries';

export type GeolocationState =
  | { status: 'pending' }
  | { status: 'located'; position: LatLng }
  | { status: 'unavailable' };

/**
 * The browser's position, asked once after mounting; 'unavailable' when denied, missing or too slow.
 * 'pending' on the server and in the first render, so a prerendered page hydrates without a mismatch.
 */
export function useGeolocation(): GeolocationState {
  const [state, setState] = useState<GeolocationState>({ status: 'pending' });

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
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
    return () => {
      active = false;
    };
  }, [state.status]);

  return state;
}
