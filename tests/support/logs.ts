import { format } from "node:util";

/**
 * Warnings and errors a test makes the code log (console.warn/error, logger.warn/error) fail the
 * test, unless the test said it expects them with `expectLog`. The setup file
 * (tests/setup/fail-on-unexpected-logs.ts) records them and checks after each test.
 */
export type LogSource = "console.error" | "console.warn" | "logger.error" | "logger.warn";

interface Expected {
  source: LogSource;
  pattern: RegExp;
  seen: boolean;
}

let logged: { source: LogSource; text: string }[] = [];
let expected: Expected[] = [];

/** Records one log call (pino's `(object, message)` and console's `(...args)` alike). */
export function recordLog(source: LogSource, args: unknown[]) {
  const text = args.map((arg) => (typeof arg === "string" ? arg : format("%o", arg))).join(" ");
  logged.push({ source, text });
}

/** This test expects `source` to log something matching `pattern` at least once. */
export function expectLog(source: LogSource, pattern: RegExp) {
  expected.push({ source, pattern, seen: false });
}

/** What went wrong in the test that just ended: unexpected logs, and expected ones that never came. */
export function takeLogProblems(): string[] {
  const problems: string[] = [];
  for (const entry of logged) {
    const match = expected.find((e) => e.source === entry.source && e.pattern.test(entry.text));
    if (match) match.seen = true;
    else problems.push(`${entry.source} was called: ${entry.text}`);
  }
  for (const e of expected)
    if (!e.seen)
      problems.push(`expected ${e.source} matching ${e.pattern}, but nothing was logged`);
  logged = [];
  expected = [];
  return problems;
}
