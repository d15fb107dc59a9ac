/** Who a stream's frames are for: staff (editors, admins) hear every change, the rest public ones. */
export type Audience = "staff" | "public";

/**
 * The least time between two writes to the open streams: the spec's "realtime 10 events per
 * second", which a page also caps on its side (app/components/live-updates.ts).
 */
export const FLUSH_EVERY_MS = 100;

/**
 * Streams written in one turn of a flush: ~5 ms of writes, after which the requests that arrived
 * meanwhile (a stored page costs ~0.03 ms) are answered before the next slice.
 */
export const STREAMS_PER_TURN = 100;

/**
 * Sends frames to every open stream of their audience, at most one write per stream every
 * `everyMs`. A frame after a quiet spell leaves in the next turn; frames that come sooner wait
 * for the next flush and leave together, in the order they came. A write to a thousand open
 * pages costs ~50 µs each (the socket's system call and, on the same machine, the reader's side
 * of TCP), so a burst of changes (200 registrations in a few seconds) pays it once a flush
 * instead of once a change (docs/decisions/088). A flush encodes its text once and writes the same
 * bytes to every stream: a string written to a socket is encoded again for each of them. It writes
 * `perTurn` streams a turn: written at once, a thousand held a reader's stored page ~50 ms behind
 * them (docs/decisions/094). Frames that come while a flush is being written wait for it to end,
 * so no page gets a later frame before an earlier one.
 */
export function createFrameFlusher<Stream>(
  streams: ReadonlyMap<Stream, Audience>,
  write: (stream: Stream, bytes: Buffer) => void,
  { everyMs = FLUSH_EVERY_MS, perTurn = STREAMS_PER_TURN, now = () => performance.now() } = {},
) {
  const pending: Record<Audience, string> = { staff: "", public: "" };
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextTurn: ReturnType<typeof setImmediate> | undefined;
  /** The flush being written: its bytes per audience, the streams open when it began, how far. */
  let round: { out: Record<Audience, Buffer | null>; to: Stream[]; next: number } | null = null;

  /** Begins a flush of what waits, if anything does. */
  function begin(): boolean {
    if (!pending.staff && !pending.public) return false;
    lastFlush = now();
    round = {
      out: {
        staff: pending.staff ? Buffer.from(pending.staff) : null,
        public: pending.public ? Buffer.from(pending.public) : null,
      },
      to: [...streams.keys()],
      next: 0,
    };
    pending.staff = "";
    pending.public = "";
    return true;
  }

  /** Writes the flush to up to `count` more streams; a stream closed since is passed over. */
  function writeOn(count: number) {
    if (!round) return;
    const { out, to } = round;
    const stop = Math.min(to.length, round.next + count);
    for (; round.next < stop; round.next++) {
      const stream = to[round.next] as Stream;
      const audience = streams.get(stream);
      const bytes = audience && out[audience];
      if (bytes) write(stream, bytes);
    }
    if (round.next >= to.length) round = null;
  }

  function turn() {
    timer = undefined;
    nextTurn = undefined;
    if (!round && !begin()) return;
    writeOn(perTurn);
    if (round) nextTurn = setImmediate(turn);
    else schedule();
  }

  /** The next flush, `everyMs` after the last began, unless one is being written or planned. */
  function schedule() {
    if (timer || round || (!pending.staff && !pending.public)) return;
    timer = setTimeout(turn, Math.max(0, lastFlush + everyMs - now()));
    timer.unref();
  }

  function cancel() {
    clearTimeout(timer);
    clearImmediate(nextTurn);
    timer = undefined;
    nextTurn = undefined;
  }

  return {
    /** Queues `frame` for an audience, or for both ("all"). */
    send(audience: Audience | "all", frame: string) {
      if (audience !== "public") pending.staff += frame;
      if (audience !== "staff") pending.public += frame;
      schedule();
    },
    /** Writes what waits now, all of it (before the streams end). */
    flush() {
      cancel();
      writeOn(Number.POSITIVE_INFINITY);
      if (begin()) writeOn(Number.POSITIVE_INFINITY);
    },
    /** Forgets what waits (the hub is closing). */
    stop() {
      cancel();
      round = null;
      pending.staff = "";
      pending.public = "";
    },
  };
}
