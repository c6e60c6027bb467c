/** The value below which `p` percent of the sorted timings fall. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** p50 and p99 of a list of timings in milliseconds, to the microsecond. */
export function summarise(ms: number[]): { p50: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: +percentile(sorted, 50).toFixed(3), p99: +percentile(sorted, 99).toFixed(3) };
}

/**
 * p50 and p99 of `calls` calls made one after another, after a warm-up of at least 500 calls and 2 seconds: a freshly
 * loaded PostgreSQL server answers unevenly for a second or so (seen on `select 1` as much as on the search). Each
 * kind of call is timed in its own loop, so one's garbage does not land in another's times.
 */
export async function timedCalls(call: () => Promise<unknown>, calls = 2000): Promise<{ p50: number; p99: number }> {
  const warmedAt = performance.now() + 2000;
  for (let i = 0; i < 500 || performance.now() < warmedAt; i++) await call();
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    await call();
    ms.push(performance.now() - t);
  }
  return summarise(ms);
}
