/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API; empty means the same origin as the web app. */
  readonly VITE_API_BASE_URL?: string;
  /** Map tile URL template ({z}/{x}/{y}); OpenStreetMap's when unset. */
  readonly VITE_MAP_TILE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
