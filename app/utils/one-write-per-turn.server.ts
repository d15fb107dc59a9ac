import { Transform } from "node:stream";

/**
 * A stream that passes on what was written to it in one turn of the event loop as one chunk.
 * React hands a ready page over in 4 KB pieces, all in the same turn; joined, the response's
 * stream, its compressor and the socket take one write instead of dozens, and gzip compresses
 * the page as a whole (docs/decisions/087). What a Suspense boundary streams later still leaves
 * in its own turn, and the end sends whatever is held at once. Past `holdAtMost` bytes in a turn
 * (256 KB; the longest staff page, the posts list, is ~110 KB) the held part leaves at once,
 * inside the write: a reader who takes the page slowly then holds the writer back (the Transform
 * takes no more until its chunk is read), as a PassThrough would.
 */
export function oneWritePerTurn({ holdAtMost = 256 * 1024 } = {}): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let scheduled = false;
  const release = () => {
    if (held.length === 0) return;
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held = [];
    heldBytes = 0;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= holdAtMost) release();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          release();
        });
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
