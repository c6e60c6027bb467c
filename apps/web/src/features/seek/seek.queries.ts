import type { FacilityKind, HealthScheme, Hospital } from '@klaimor/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiList, apiOne } from '../../api/client';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface NearbyFilter {
  centre: LatLng;
  q: string;
  scheme: HealthScheme | null;
  kind: FacilityKind | null;
}

/** Markers are fetched for this radius around the map centre. */
export const NEARBY_RADIUS_KM = 30;
const NEARBY_LIMIT = 200;
/** Used when neither the browser nor the patient's province gives a position. */
export const BANGKOK: LatLng = { lat: 13.7563, lng: 100.5018 };

export const hospitalKeys = {
  all: ['hospitals'] as const,
  nearby: (filter: NearbyFilter) => [...hospitalKeys.all, 'nearby', filter] as const,
  detail: (id: string) => [...hospitalKeys.all, 'detail', id] as const,
  province: (province: string) => [...hospitalKeys.all, 'province', province] as const,
};

export function useNearbyHospitals(filter: NearbyFilter, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: hospitalKeys.nearby(filter),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        lat: String(filter.centre.lat),
        lng: String(filter.centre.lng),
        radiusKm: String(NEARBY_RADIUS_KM),
        limit: String(NEARBY_LIMIT),
      });
      if (filter.q) params.set('q', filter.q);
      if (filter.scheme) params.set('scheme', filter.scheme);
      if (filter.kind) params.set('kind', filter.kind);
      return apiList<Hospital>(`/api/hospitals?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useHospital(id: string | null) {
  return useQuery({
    queryKey: hospitalKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiOne<Hospital>(`/api/hospitals/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}

/** The registered province's capital, for a patient whose location is unknown; null for an unknown name. */
export function useProvinceCentre(province: string | null) {
  return useQuery({
    queryKey: hospitalKeys.province(province ?? ''),
    queryFn: async (): Promise<LatLng | null> => {
      // 77 capitals, fetched only when the browser cannot say where the patient is.
      const centres: Record<string, number[]> = (await import('./province-centres.json')).default.centres;
      const centre = centres[province ?? ''];
      return centre ? { lat: centre[0], lng: centre[1] } : null;
    },
    enabled: province !== null && province !== '',
    staleTime: Infinity,
  });
}
