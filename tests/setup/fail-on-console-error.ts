import { afterEach, vi } from "vitest";

// A test that makes the code log console.error fails (conventions §8).
let errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length)
    throw new Error(`console.error was called:\n${logged.map((a) => a.join(" ")).join("\n")}`);
});
