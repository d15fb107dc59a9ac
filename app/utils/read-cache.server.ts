/**
 * Reads that only a change can alter (settings, page texts), kept in memory between changes so a
 * render does not ask the database again. It is switched on only in a process whose realtime hub
 * hears every change (server/app.ts): `forgetReads` runs for each change notification, and for
 * every write this process makes itself, before the notification arrives. Without a hub (scripts,
 * tests) every read goes to the database. docs/decisions/027.
 */
interface Cached {
  table: string;
  value: Promise<unknown>;
  expiresAt: number;
}

const MAX_ENTRIES = 1_000;
const cached = new Map<string, Cached>();
/** Counts changes: a read that a change overtook is not kept. */
let changes = 0;
let enabled = false;

/** Turns the cache on; `server/app.ts` does once its realtime hub listens for changes. */
export function enableReadCache() {
  enabled = true;
}

/**
 * The value of `read()`, read once per change of `table` (and at least every `ttlMs`, for data
 * that no change notification covers). A failed read is not kept: the next call tries again.
 */
export function cachedRead<T>(
  key: string,
  table: string,
  ...args: [read: () => Promise<T>] | [options: { ttlMs: number }, read: () => Promise<T>]
): Promise<T> {
  const [options, read] = args.length === 1 ? [{ ttlMs: Number.POSITIVE_INFINITY }, args[0]] : args;
  if (!enabled) return read();
  const hit = cached.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value as Promise<T>;
  const startedAt = changes;
  // A Drizzle query is a thenable that runs again each time it is awaited: what is kept is a
  // promise of its one answer.
  const value = Promise.resolve(read());
  const entry = { table, value, expiresAt: Date.now() + options.ttlMs };
  cached.delete(key);
  if (cached.size >= MAX_ENTRIES) cached.delete(cached.keys().next().value as string);
  cached.set(key, entry);
  const forget = () => {
    if (cached.get(key) === entry) cached.delete(key);
  };
  value.then(() => {
    if (changes !== startedAt) forget(); // may be older than the change
  }, forget);
  return value;
}

/** Forgets what a change to `event.table` may alter; without an event, everything. */
export function forgetReads(event?: { table: string }) {
  changes++;
  for (const [key, entry] of cached) if (!event || entry.table === event.table) cached.delete(key);
}
