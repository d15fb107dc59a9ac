import { expect, test } from "vitest";
import { listenRetryDelay } from "./db.server";

test("a lost LISTEN is retried after 0.5 s, doubling up to 15 s, with jitter", () => {
  const steps = [0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => listenRetryDelay(attempt, 1));
  expect(steps).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  // Jitter keeps each wait between half and all of its step.
  expect(listenRetryDelay(0, 0)).toBe(250);
  expect(listenRetryDelay(5, 0.5)).toBe(11_250);
});
