/**
 * Reads until `done` holds or `ms` have passed, and returns the last value read: what a lifecycle
 * or a notice writes after the commit a test waited for shows a moment later.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until `check` holds, and fails the test when it has not within `ms`. */
export async function waitFor(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  if (!(await until(check, (held) => held, ms))) throw new Error(`condition not met within ${ms} ms`);
}
