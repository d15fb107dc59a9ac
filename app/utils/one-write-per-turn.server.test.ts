import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { oneWritePerTurn } from "./one-write-per-turn.server";

/** The chunks a stream passes on, as strings, once it has ended. */
function chunksOf(stream: ReturnType<typeof oneWritePerTurn>) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return new Promise<string[]>((resolve, reject) => {
    stream.on("end", () => resolve(chunks));
    stream.on("error", reject);
  });
}

describe("one write per turn", () => {
  test("what is written in one turn leaves as one chunk, bytes and strings alike", async () => {
    const stream = oneWritePerTurn();
    const passed = chunksOf(stream);
    stream.write(new TextEncoder().encode("<main>"));
    stream.write("<h1>من نحن</h1>");
    stream.write(Buffer.from("</main>"));
    await nextTurn();
    stream.end();
    expect(await passed).toEqual(["<main><h1>من نحن</h1></main>"]);
  });

  test("what is written in a later turn leaves in a chunk of its own", async () => {
    const stream = oneWritePerTurn();
    const passed = chunksOf(stream);
    stream.write("<!DOCTYPE html><body>");
    stream.write("<p>الشريط</p>");
    await nextTurn();
    await nextTurn();
    stream.write("<template>لاحقًا</template>");
    stream.end("</body>");
    expect(await passed).toEqual([
      "<!DOCTYPE html><body><p>الشريط</p>",
      "<template>لاحقًا</template></body>",
    ]);
  });

  test("the end sends what is held at once, without waiting for the turn", async () => {
    const stream = oneWritePerTurn();
    const passed = chunksOf(stream);
    stream.write("<html>");
    stream.end("</html>");
    expect(await passed).toEqual(["<html></html>"]);
  });

  test("a reader who does not read holds the writer back past 256 KB, as a PassThrough would", async () => {
    const stream = oneWritePerTurn();
    const piece = "ق".repeat(2048); // 4 KB, as React hands a page over
    let refusedAt = 0;
    for (let n = 1; n <= 200 && !refusedAt; n++) if (!stream.write(piece)) refusedAt = n;
    // Taken at once until 256 KB are held; then the writer waits for 'drain', having written
    // at most the Transform's own buffers more (~16 KB).
    expect(refusedAt).toBeGreaterThan(0);
    expect(refusedAt * 4096).toBeLessThanOrEqual(256 * 1024 + 32 * 1024);
    // Once read, everything arrives whole and in order.
    const drained = new Promise((resolve) => stream.once("drain", resolve));
    const passed = chunksOf(stream);
    await drained;
    stream.end("</html>");
    const text = (await passed).join("");
    expect(text).toBe(piece.repeat(refusedAt) + "</html>");
  });
});
