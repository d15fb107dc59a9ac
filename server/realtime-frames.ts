/** Who a stream's frames are for: staff (editors, admins) hear every change, the rest public ones. */
export type Audience = "staff" | "public";

/**
 * The least time between two writes to the open streams: the spec's "realtime 10 events per
 * second", which a page also caps on its side (app/components/live-updates.ts).
 */
export const FLUSH_EVERY_MS = 100;

/**
 * Sends frames to every open stream of their audience, at most one write per stream every
 * `everyMs`. A frame after a quiet spell leaves in the next turn; frames that come sooner wait
 * for the next flush and leave together, in the order they came. A write to a thousand open
 * pages costs ~50 µs each (the socket's system call and, on the same machine, the reader's side
 * of TCP), so a burst of changes (200 registrations in a few seconds) pays it once a flush
 * instead of once a change (docs/decisions/088). A flush encodes its text once and writes the same
 * bytes to every stream: a string written to a socket is encoded again for each of them.
 */
export function createFrameFlusher<Stream>(
  streams: ReadonlyMap<Stream, Audience>,
  write: (stream: Stream, bytes: Buffer) => void,
  { everyMs = FLUSH_EVERY_MS, now = () => performance.now() } = {},
) {
  const pending: Record<Audience, string> = { staff: "", public: "" };
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (!pending.staff && !pending.public) return;
    lastFlush = now();
    const out = {
      staff: pending.staff ? Buffer.from(pending.staff) : null,
      public: pending.public ? Buffer.from(pending.public) : null,
    };
    pending.staff = "";
    pending.public = "";
    for (const [stream, audience] of streams) {
      const bytes = out[audience];
      if (bytes) write(stream, bytes);
    }
  }

  return {
    /** Queues `frame` for an audience, or for both ("all"). */
    send(audience: Audience | "all", frame: string) {
      if (audience !== "public") pending.staff += frame;
      if (audience !== "staff") pending.public += frame;
      if (timer) return;
      timer = setTimeout(flush, Math.max(0, lastFlush + everyMs - now()));
      timer.unref();
    },
    /** Writes what waits now (before the streams end). */
    flush,
    /** Forgets what waits (the hub is closing). */
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending.staff = "";
      pending.public = "";
    },
  };
}
