// Polling for tests that wait on something done in the background (webhook attempts, jobs, runs):
// the one helper for the sandbox's suites and the app's integration tests alike.

/** Resolves with the first truthy value of `probe`, checking every `everyMs`; rejects after `timeoutMs`. */
export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = 5000,
  everyMs = 5,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
