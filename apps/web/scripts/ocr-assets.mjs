// The ID-card reader's engine and trained data, served from the app's own origin (never a CDN):
// copied from node_modules into the build under versioned paths (so they can be cached for good),
// and served from node_modules by the dev server. Only the LSTM engine builds are shipped: the
// reader uses the LSTM recogniser alone, and its trained data is the `4.0.0_best_int` set.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** @param {string} name */
const packageDir = (name) => path.dirname(require.resolve(`${name}/package.json`));
/** @param {string} name @returns {string} */
const versionOf = (name) => JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')).version;

const CORE_BUILDS = ['tesseract-core-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-relaxedsimd-lstm'];
const LANGUAGES = ['tha', 'eng'];

/** @returns {{ plugin: import('vite').Plugin, define: Record<string, string> }} */
export function ocrAssets() {
  const engineDir = `assets/ocr/tesseract-${versionOf('tesseract.js')}-core-${versionOf('tesseract.js-core')}`;
  const dataDir = `assets/ocr/tessdata-best-int-tha-${versionOf('@tesseract.js-data/tha')}-eng-${versionOf('@tesseract.js-data/eng')}`;

  /** Output path (without the leading slash) -> file in node_modules. */
  /** @type {Map<string, string>} */
  const files = new Map();
  files.set(`${engineDir}/worker.min.js`, path.join(packageDir('tesseract.js'), 'dist/worker.min.js'));
  for (const build of CORE_BUILDS) {
    for (const ext of ['js', 'wasm']) {
      // The engine's script looks for its .wasm beside the worker script: one folder for both.
      files.set(`${engineDir}/${build}.${ext}`, path.join(packageDir('tesseract.js-core'), `${build}.${ext}`));
    }
  }
  for (const lang of LANGUAGES) {
    files.set(
      `${dataDir}/${lang}.traineddata.gz`,
      path.join(packageDir(`@tesseract.js-data/${lang}`), `4.0.0_best_int/${lang}.traineddata.gz`),
    );
  }
  for (const file of files.values()) if (!existsSync(file)) throw new Error(`OCR asset missing: ${file}`);

  /** @type {Record<string, string>} */
  const types = {
    '.js': 'text/javascript',
    '.wasm': 'application/wasm',
    '.gz': 'application/gzip',
  };

  return {
    define: {
      'import.meta.env.OCR_ENGINE_PATH': JSON.stringify(`/${engineDir}`),
      'import.meta.env.OCR_DATA_PATH': JSON.stringify(`/${dataDir}`),
    },
    plugin: {
      name: 'klaimor:ocr-assets',
      configureServer(server) {
        server.middlewares.use((req, res, next) => {
          const file = files.get((req.url ?? '').split('?')[0].replace(/^\//, ''));
          if (!file) return next();
          res.setHeader('content-type', types[path.extname(file)] ?? 'application/octet-stream');
          createReadStream(file).pipe(res);
        });
      },
      generateBundle() {
        for (const [fileName, file] of files) {
          this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
        }
      },
    },
  };
}
