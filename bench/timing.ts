/** The value below which `p` percent of the sorted timings fall. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** p50 and p99 of a list of timings in milliseconds, to the microsecond. */
export function summarise(ms: number[]): { p50: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: +percentile(sorted, 50).toFixed(3), p99: +percentile(sorted, 99).toFixed(3) };
}
