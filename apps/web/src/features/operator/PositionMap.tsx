import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import '../seek/map-markers.css';
import { DEFAULT_TILE_URL } from '../seek/map-tiles';

const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL;
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const pin = L.divIcon({
  className: 'klaimor-marker klaimor-marker--selected',
  html: '<span class="klaimor-marker__pin"></span>',
  iconSize: [44, 44],
  iconAnchor: [22, 44],
});

export interface PositionMapProps {
  lat: number;
  lng: number;
  label: string;
  onMove: (lat: number, lng: number) => void;
}

function MoveOnClick({ onMove }: Pick<PositionMapProps, 'onMove'>) {
  useMapEvents({ click: (e) => onMove(e.latlng.lat, e.latlng.lng) });
  return null;
}

/** Typed coordinates move the pin: the map follows it there when it would be out of sight. */
function FollowPin({ lat, lng }: Pick<PositionMapProps, 'lat' | 'lng'>) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

/** The facility's pin on the map: dragged, or put where the map is clicked. The number fields beside it do the same. */
export function PositionMap({ lat, lng, label, onMove }: PositionMapProps) {
  return (
    <MapContainer center={[lat, lng]} zoom={15} scrollWheelZoom style={{ height: 320, borderRadius: 8 }}>
      <TileLayer url={TILE_URL} attribution={ATTRIBUTION} maxZoom={19} />
      <Marker
        position={[lat, lng]}
        icon={pin}
        draggable
        title={label}
        alt={label}
        eventHandlers={{
          dragend: (e) => {
            const at = (e.target as L.Marker).getLatLng();
            onMove(at.lat, at.lng);
          },
        }}
      />
      <MoveOnClick onMove={onMove} />
      <FollowPin lat={lat} lng={lng} />
    </MapContainer>
  );
}
