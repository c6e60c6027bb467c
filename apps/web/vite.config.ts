import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { ocrAssets } from './scripts/ocr-assets.mjs';

/**
 * Marks the files that start the app with V8's explicit compile hint: Chrome then compiles all their
 * functions on a background thread while they download, instead of each one on the main thread at
 * its first call, in the middle of hydration. Lazy pages are left to compile lazily.
 */
function compileHintsForStartup(): Plugin {
  return {
    name: 'klaimor:compile-hints-for-startup',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite has prepended its preload map: the hint must open the file.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const startApp = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/start-app.tsx'));
        if (!startApp) return;
        const marked = new Set<string>();
        const mark = (fileName: string) => {
          if (marked.has(fileName)) return;
          marked.add(fileName);
          const chunk = bundle[fileName] as Rollup.OutputChunk;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          chunk.imports.forEach(mark);
        };
        mark(startApp.fileName);
      },
    },
  };
}

// The API lives on the same origin under /api; in development Vite forwards it to the server.
const ocr = ocrAssets();

export default defineConfig({
  plugins: [react(), compileHintsForStartup(), ocr.plugin],
  define: ocr.define,
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React in one chunk: every page needs it, and the lazily loaded map (which imports React
        // but little else of the app) then cannot split it into extra requests for every page.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
