/** /readings and /readings/new in one lazily loaded chunk: one entry of the first screens' preload map for both. */
export { ReadingEntryPage } from './ReadingEntryPage';
export { ReadingsPage } from './ReadingsPage';
