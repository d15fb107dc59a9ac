/**
 * A poller for what another process changes: `read()` every `everyMs` until `done` says yes or
 * `withinMs` have passed; it answers the last value, for the test to assert on.
 */
export function readingUntil(withinMs: number, everyMs = 10) {
  return async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
}
