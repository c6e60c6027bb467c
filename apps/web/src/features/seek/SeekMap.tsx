/// <reference types="leaflet.markercluster" />
import type { Hospital } from '@klaimor/contracts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import { DEFAULT_TILE_URL } from './map-tiles';
import { formatClusterCount } from './seek-format';
import type { LatLng } from './seek.queries';

// The build tells the server this URL's origin (web-origins.json in vite.config.ts) for its Content-Security-Policy.
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL;
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const START_ZOOM = 16;
export const SELECTED_ZOOM = 18;

// Each marker is a 44x44 target for a finger, its pin drawn at the bottom of it at the pin's own size.
const hospitalIcon = L.divIcon({
  className: 'klaimor-marker',
  html: '<span class="klaimor-marker__pin"></span>',
  iconSize: [44, 44],
  iconAnchor: [22, 44],
});
const selectedIcon = L.divIcon({
  className: 'klaimor-marker klaimor-marker--selected',
  html: '<span class="klaimor-marker__pin"></span>',
  iconSize: [44, 44],
  iconAnchor: [22, 44],
});
const userIcon = L.divIcon({ className: 'klaimor-user', iconSize: [22, 22], iconAnchor: [11, 11] });

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  return L.divIcon({
    className: 'klaimor-cluster',
    html: `<span>${formatClusterCount(count)}</span>`,
    iconSize: [44, 44],
  });
}

export interface SeekMapProps {
  initialCentre: LatLng;
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
export function SeekMap({ initialCentre, user, hospitals, selected, onSelect, onCentreChange, onReady, labels }: SeekMapProps) {
  const { language } = labels;
  const markers = useMemo(
    () =>
      hospitals.map((h) => (
        <Marker
          key={h.id}
          position={[h.lat, h.lng]}
          icon={h.id === selected?.id ? selectedIcon : hospitalIcon}
          title={language === 'en' ? h.nameEn : h.nameTh}
          alt={language === 'en' ? h.nameEn : h.nameTh}
          eventHandlers={{ click: () => onSelect(h) }}
        />
      )),
    [hospitals, selected?.id, language, onSelect],
  );
  return (
    <MapContainer
      center={[initialCentre.lat, initialCentre.lng]}
      zoom={selected ? SELECTED_ZOOM : START_ZOOM}
      scrollWheelZoom
      dragging
      touchZoom
      attributionControl
      zoomControl={false}
      whenReady={onReady}
      style={{ position: 'absolute', inset: 0 }}
    >
      <ZoomControl position="bottomright" zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
      <TileLayer url={TILE_URL} attribution={ATTRIBUTION} maxZoom={19} />
      {user ? (
        <Marker position={[user.lat, user.lng]} icon={userIcon} title={labels.you} alt={labels.you} keyboard={false} />
      ) : null}
      <MarkerClusterGroup chunkedLoading iconCreateFunction={clusterIcon} maxClusterRadius={60}>
        {markers}
      </MarkerClusterGroup>
      <FollowSelected selected={selected} />
      <ReportCentre onCentreChange={onCentreChange} />
    </MapContainer>
  );
}
