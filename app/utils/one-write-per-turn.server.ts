import { Transform } from "node:stream";

/**
 * A stream that passes on what was written to it in one turn of the event loop as one chunk.
 * React hands a ready page over in 4 KB pieces, all in the same turn; joined, the response's
 * stream, its compressor and the socket take one write instead of dozens, and gzip compresses
 * the page as a whole (docs/decisions/087). What a Suspense boundary streams later still leaves
 * in its own turn, and the end sends whatever is held at once.
 */
export function oneWritePerTurn(): Transform {
  let held: Buffer[] = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (held.length === 0) return;
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      done();
    },
    flush(done) {
      release();
      done();
    },
  });
  return stream;
}
