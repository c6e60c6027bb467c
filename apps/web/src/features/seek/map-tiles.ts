/** OpenStreetMap's standard tiles (© OpenStreetMap contributors, credited on the map), when VITE_MAP_TILE_URL is unset. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
