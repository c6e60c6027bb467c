import type { Plugin } from 'vite';

/** The ID-card reader's engine and trained data, copied into the build and served by the dev server. */
export function ocrAssets(): { plugin: Plugin; define: Record<string, string> };
