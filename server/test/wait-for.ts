/**
 * Waits for a condition instead of sleeping for a time that assumes the machine's speed: `probe` is asked again every
 * `intervalMs` until it answers something other than `undefined` or `false`, which is returned. Past `timeoutMs` it
 * throws, naming `what` it waited for (a deadline for a failure's message, never an assertion on how long it took).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 20_000, intervalMs = 25 } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
