import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { logger } from "~/utils/logger.server";
import { type LogSource, recordLog, takeLogProblems } from "../support/logs";

// A test that makes the code log a warning or an error fails, unless it calls `expectLog`
// (conventions §8). The logger is silent under tests, so its calls are caught here, not printed.
const watch = (target: object, method: "warn" | "error", source: LogSource) =>
  vi
    .spyOn(target as Record<string, (...args: unknown[]) => void>, method)
    .mockImplementation((...args: unknown[]) => recordLog(source, args));

watch(console, "error", "console.error");
watch(console, "warn", "console.warn");
watch(logger, "error", "logger.error");
watch(logger, "warn", "logger.warn");

function failOnLogs(where: string) {
  const problems = takeLogProblems();
  if (problems.length) throw new Error(`${where}:\n${problems.join("\n")}`);
}

// What a beforeAll or afterAll hook logged is checked too: before the next test starts, and
// once the file's own afterAll hooks have run (this file's hooks are registered first, so its
// afterAll runs last).
beforeEach(() => failOnLogs("logged in a beforeAll or afterAll hook, outside any test"));
afterEach(() => failOnLogs("logged by this test"));
afterAll(() => failOnLogs("logged in an afterAll hook"));
