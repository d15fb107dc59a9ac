import { Writable } from "node:stream";
import type { Bytes } from "./document-edits";

/**
 * Where React writes a reader's page, which is read whole before it is changed and sent
 * (app/entry.server.tsx): the written chunks are kept as they came (Node's streams take a
 * Uint8Array as a view of its bytes) and joined once, when React ends the page. Reading a
 * PassThrough with `for await` instead joined what it had buffered on every read, then again.
 */
export function wholeDocument(): { sink: Writable; document: Promise<Bytes> } {
  const chunks: Bytes[] = [];
  let sink: Writable | undefined;
  const document = new Promise<Bytes>((resolve, reject) => {
    sink = new Writable({
      write(chunk: Bytes, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(chunks.length === 1 ? (chunks[0] as Bytes) : Buffer.concat(chunks));
        done();
      },
      destroy(error, done) {
        if (error) reject(error);
        done(error);
      },
    });
  });
  return { sink: sink as Writable, document };
}

/**
 * A response body of bytes that nothing changes any more, handed over as they are:
 * `new Response(bytes)` copies them first.
 */
export function finalBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
