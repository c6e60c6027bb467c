/**
 * /refills and /refills/new in one lazily loaded chunk: the first screens' route table then carries one entry of the
 * preload map for both (the first screen's JavaScript is at its 170 KB budget).
 */
export { RefillsPage } from './RefillsPage';
export { RefillRequestPage } from './RefillRequestPage';
