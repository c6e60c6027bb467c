// Set by the build (apps/web/scripts/ocr-assets.ts): where the ID-card reader's files are served.
interface ImportMetaEnv {
  /** The worker script and the engine builds, in one folder. */
  readonly OCR_ENGINE_PATH?: string;
  /** The Thai and English trained data. */
  readonly OCR_DATA_PATH?: string;
}
