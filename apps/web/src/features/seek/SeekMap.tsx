/// <reference types="leaflet.markercluster" />
import type { FacilityKind, Hospital } from '@klaimor/contracts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { AttributionControl, MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import './facility-kinds.css';
import './map-markers.css';
import { DEFAULT_TILE_URL } from './map-tiles';
import { formatClusterCount } from './seek-format';
import type { LatLng } from './seek.queries';
import { writtenLanguage } from '../../lib/written-language';

// The build tells the server this URL's origin (web-origins.json in vite.config.ts) for its Content-Security-Policy.
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL;
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const START_ZOOM = 16;
export const SELECTED_ZOOM = 18;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * A 44x44 target for a finger, centred on the place: its kind's mark (facility-kinds.css: shape and colour) and its name,
 * shown beside it while the marker has the keyboard's focus or is the chosen one. Screen readers hear the name from the
 * marker's title (Leaflet makes a marker a focusable button); the drawn name is for the eyes only.
 */
function placeIcon(kind: FacilityKind, name: string, selected: boolean): L.DivIcon {
  return L.divIcon({
    className: `klaimor-marker${selected ? ' klaimor-marker--selected' : ''}`,
    // A registry place without an English name keeps its Thai one on an English screen, marked as such.
    html: `<span class="klaimor-kind klaimor-kind--${kind}"></span><span class="klaimor-marker__name" aria-hidden="true"${writtenLanguage(name) ? ' lang="th"' : ''}>${escapeHtml(name)}</span>`,
    iconSize: [44, 44],
    iconAnchor: [22, 22],
  });
}
const userIcon = L.divIcon({ className: 'klaimor-user', iconSize: [22, 22], iconAnchor: [11, 11] });

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  return L.divIcon({
    className: 'klaimor-cluster',
    html: `<span>${formatClusterCount(count)}</span>`,
    iconSize: [44, 44],
  });
}

/**
 * Results to bring into view: when none of `hospitals` (nearest first) is in the visible part of the map, the map widens
 * to the nearest three and `anchor` (the patient, or the place searched from). Each `key` is acted on once, so the
 * patient's own panning is never undone by the results it fetches.
 */
export interface FitRequest {
  key: string;
  hospitals: Hospital[];
  anchor: LatLng | null;
}

export interface SeekMapProps {
  initialCentre: LatLng;
  fit: FitRequest | null;
  /** Moves to the patient's position at the start zoom each time `nonce` changes. */
  recentre: { position: LatLng; nonce: number } | null;
  /** Pixels of the map's top edge covered by the search panel. */
  topInset: number;
  user: LatLng | null;
  hospitals: Hospital[];
  selected: Hospital | null;
  onSelect: (hospital: Hospital) => void;
  onCentreChange: (centre: LatLng) => void;
  onReady: () => void;
  /** Hospital names and control labels in the patient's language. */
  labels: { you: string; zoomIn: string; zoomOut: string; language: string };
}

/** Pans and zooms to the chosen facility. */
function FollowSelected({ selected }: { selected: Hospital | null }) {
  const map = useMap();
  const lat = selected?.lat;
  const lng = selected?.lng;
  useEffect(() => {
    if (lat !== undefined && lng !== undefined) map.setView([lat, lng], SELECTED_ZOOM);
  }, [map, lat, lng]);
  return null;
}

const NEAREST_TO_FIT = 3;
const EDGE_PX = 24;

function FitToResults({ fit, selected, topInset }: { fit: FitRequest | null; selected: boolean; topInset: number }) {
  const map = useMap();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!fit || done.current === fit.key) return;
    done.current = fit.key;
    // A facility opened from a link is already in view, and closing its card must not move the map afterwards.
    if (selected || fit.hospitals.length === 0) return;
    // The list under the map may have just taken its room, before the map heard of it from its size observer.
    map.invalidateSize();
    const size = map.getSize();
    const visible = L.latLngBounds(
      map.containerPointToLatLng([EDGE_PX, topInset + EDGE_PX]),
      map.containerPointToLatLng([size.x - EDGE_PX, size.y - EDGE_PX]),
    );
    if (fit.hospitals.some((h) => visible.contains([h.lat, h.lng]))) return;
    const points = fit.hospitals.slice(0, NEAREST_TO_FIT).map((h): L.LatLngTuple => [h.lat, h.lng]);
    if (fit.anchor) points.push([fit.anchor.lat, fit.anchor.lng]);
    map.fitBounds(L.latLngBounds(points), {
      paddingTopLeft: [EDGE_PX * 2, topInset + EDGE_PX * 2],
      paddingBottomRight: [EDGE_PX * 2, EDGE_PX * 2],
      maxZoom: START_ZOOM,
    });
  }, [map, fit, selected, topInset]);
  return null;
}

function Recentre({ recentre }: { recentre: SeekMapProps['recentre'] }) {
  const map = useMap();
  const nonce = recentre?.nonce;
  const lat = recentre?.position.lat;
  const lng = recentre?.position.lng;
  useEffect(() => {
    if (nonce !== undefined && lat !== undefined && lng !== undefined) map.setView([lat, lng], START_ZOOM);
  }, [map, nonce, lat, lng]);
  return null;
}

/** The map's box changes height when the list below it opens; Leaflet must be told to redraw into it. */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

function ReportCentre({ onCentreChange }: { onCentreChange: (centre: LatLng) => void }) {
  const map = useMapEvents({
    moveend: () => {
      const c = map.getCenter();
      onCentreChange({ lat: c.lat, lng: c.lng });
    },
  });
  return null;
}

/** The Leaflet map: OpenStreetMap tiles, the patient, and clustered facility markers. */
export function SeekMap({
  initialCentre,
  fit,
  recentre,
  topInset,
  user,
  hospitals,
  selected,
  onSelect,
  onCentreChange,
  onReady,
  labels,
}: SeekMapProps) {
  const { language } = labels;
  const markers = useMemo(
    () =>
      hospitals.map((h) => {
        const name = language === 'en' ? h.nameEn : h.nameTh;
        return (
          <Marker
            key={h.id}
            position={[h.lat, h.lng]}
            icon={placeIcon(h.kind, name, h.id === selected?.id)}
            title={name}
            eventHandlers={{ click: () => onSelect(h) }}
          />
        );
      }),
    [hospitals, selected?.id, language, onSelect],
  );
  return (
    <MapContainer
      center={[initialCentre.lat, initialCentre.lng]}
      zoom={selected ? SELECTED_ZOOM : START_ZOOM}
      scrollWheelZoom
      dragging
      touchZoom
      attributionControl={false}
      zoomControl={false}
      whenReady={onReady}
      style={{ position: 'absolute', inset: 0 }}
    >
      {/* The tiles' credit alone, without Leaflet's: at large text it is then two lines over the map, not three. First,
          so it keeps the corner's bottom edge and the zoom buttons stand above it. */}
      <AttributionControl prefix={false} />
      <ZoomControl position="bottomright" zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
      <TileLayer url={TILE_URL} attribution={ATTRIBUTION} maxZoom={19} />
      {user ? (
        <Marker position={[user.lat, user.lng]} icon={userIcon} title={labels.you} alt={labels.you} keyboard={false} />
      ) : null}
      <MarkerClusterGroup chunkedLoading iconCreateFunction={clusterIcon} maxClusterRadius={60}>
        {markers}
      </MarkerClusterGroup>
      <FollowSelected selected={selected} />
      <Recentre recentre={recentre} />
      <FitToResults fit={fit} selected={selected !== null} topInset={topInset} />
      <FollowContainerSize />
      <ReportCentre onCentreChange={onCentreChange} />
    </MapContainer>
  );
}
