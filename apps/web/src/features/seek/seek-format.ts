/** A cluster's marker count, short enough for its bubble: 999, 1.2k, 12k. */
export function formatClusterCount(count: number): string {
  if (count < 1000) return String(count);
  const thousands = count / 1000;
  const shown = thousands < 10 ? Math.floor(thousands * 10) / 10 : Math.floor(thousands);
  return `${shown}k`;
}
