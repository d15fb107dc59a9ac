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
});
