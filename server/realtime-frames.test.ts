import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { type Audience, createFrameFlusher } from "./realtime-frames";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Three open pages (a staff one, two public ones) and what each was written, write by write. */
function openPages() {
  const streams = new Map<string, Audience>([
    ["editor", "staff"],
    ["reader-1", "public"],
    ["reader-2", "public"],
  ]);
  const written: Record<string, string[]> = { editor: [], "reader-1": [], "reader-2": [] };
  const bytes: Record<string, Buffer[]> = { editor: [], "reader-1": [], "reader-2": [] };
  const frames = createFrameFlusher(
    streams,
    (stream, chunk) => {
      written[stream]?.push(chunk.toString("utf8"));
      bytes[stream]?.push(chunk);
    },
    { now: () => Date.now() },
  );
  return { streams, written, bytes, frames };
}

test("a change after a quiet spell reaches every page of its audience in the next turn", async () => {
  const { written, frames } = openPages();
  frames.send("public", "data: 1\n\n");
  expect(written["reader-1"]).toEqual([]);
  await vi.advanceTimersByTimeAsync(0);
  expect(written).toEqual({ editor: [], "reader-1": ["data: 1\n\n"], "reader-2": ["data: 1\n\n"] });
});

test("a burst of changes is one write per page every 100 ms, its frames in the order they came", async () => {
  const { written, frames } = openPages();
  frames.send("all", "data: 1\n\n");
  await vi.advanceTimersByTimeAsync(0);
  // 200 registrations in 0.2 s: two more writes per page, not 200.
  for (let n = 2; n <= 201; n++) {
    frames.send("staff", `data: s${n}\n\n`);
    frames.send("public", `data: p${n}\n\n`);
    await vi.advanceTimersByTimeAsync(1);
  }
  await vi.advanceTimersByTimeAsync(100);
  for (const page of ["editor", "reader-1", "reader-2"]) {
    expect(written[page]?.length).toBeLessThanOrEqual(4);
  }
  const staffFrames = written.editor?.join("").match(/data: \w+/g);
  const publicFrames = written["reader-2"]?.join("").match(/data: \w+/g);
  expect(staffFrames).toEqual([
    "data: 1",
    ...Array.from({ length: 200 }, (_, i) => `data: s${i + 2}`),
  ]);
  expect(publicFrames).toEqual([
    "data: 1",
    ...Array.from({ length: 200 }, (_, i) => `data: p${i + 2}`),
  ]);
  // No flush came sooner than 100 ms after the one before.
  expect(written.editor?.length).toBe(3);
});

test("a frame for the staff never reaches a public page, nor the reverse", async () => {
  const { written, frames } = openPages();
  frames.send("staff", "data: draft\n\n");
  await vi.advanceTimersByTimeAsync(150);
  frames.send("public", "data: published\n\n");
  await vi.advanceTimersByTimeAsync(150);
  expect(written).toEqual({
    editor: ["data: draft\n\n"],
    "reader-1": ["data: published\n\n"],
    "reader-2": ["data: published\n\n"],
  });
});

test("flush writes what waits at once; stop forgets it", async () => {
  const { written, frames } = openPages();
  frames.send("all", "data: 1\n\n");
  await vi.advanceTimersByTimeAsync(0);
  frames.send("all", "data: 2\n\n");
  frames.flush();
  expect(written.editor).toEqual(["data: 1\n\n", "data: 2\n\n"]);
  frames.send("all", "data: 3\n\n");
  frames.stop();
  await vi.advanceTimersByTimeAsync(500);
  expect(written.editor).toEqual(["data: 1\n\n", "data: 2\n\n"]);
});

test("a flush encodes its frames once: every page of an audience is written the same bytes", async () => {
  const { written, bytes, frames } = openPages();
  frames.send("all", "data: «تبرع»\n\n");
  await vi.advanceTimersByTimeAsync(0);
  expect(written["reader-1"]).toEqual(["data: «تبرع»\n\n"]);
  expect(bytes["reader-1"]?.[0]).toBe(bytes["reader-2"]?.[0]);
});

test("a flush to many pages is written a slice a turn, and what comes meanwhile never overtakes it", async () => {
  const streams = new Map<number, Audience>(
    Array.from({ length: 250 }, (_, i) => [i, i === 0 ? "staff" : "public"]),
  );
  const written = new Map<number, string[]>();
  const frames = createFrameFlusher(
    streams,
    (stream, chunk) => written.set(stream, [...(written.get(stream) ?? []), chunk.toString()]),
    { now: () => Date.now(), perTurn: 100 },
  );
  frames.send("all", "data: 1\n\n");
  await vi.advanceTimersToNextTimerAsync();
  // One slice, then the turn ends: requests waiting on the loop are answered before the next one.
  expect(written.size).toBe(100);
  // A change while the flush is being written; a page closed meanwhile is passed over.
  frames.send("all", "data: 2\n\n");
  streams.delete(249);
  await vi.advanceTimersByTimeAsync(500);
  expect(written.size).toBe(249);
  for (const [stream, frames] of written) {
    expect(frames, `page ${stream}`).toEqual(["data: 1\n\n", "data: 2\n\n"]);
  }
});

test("flush writes the rest of a flush being written, then what waits", async () => {
  const streams = new Map<number, Audience>(Array.from({ length: 30 }, (_, i) => [i, "public"]));
  const written = new Map<number, string>();
  const frames = createFrameFlusher(
    streams,
    (stream, chunk) => written.set(stream, (written.get(stream) ?? "") + chunk.toString()),
    { now: () => Date.now(), perTurn: 10 },
  );
  frames.send("public", "a");
  await vi.advanceTimersToNextTimerAsync();
  expect(written.size).toBe(10);
  frames.send("public", "b");
  frames.flush();
  expect([...written.values()]).toEqual(Array.from({ length: 30 }, () => "ab"));
});
