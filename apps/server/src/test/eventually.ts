/** Resolves once `check` holds, asking every `everyMs` for up to `withinMs`; fails the test after that. */
export async function eventually(check: () => boolean, withinMs = 3000, everyMs = 10): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
