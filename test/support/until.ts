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
