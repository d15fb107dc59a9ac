import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite keeps no lock of its own: two processes opening DATA_DIR/db would corrupt it. The
// server writes its process id here so that the backup command can refuse while it runs.
export const markerOf = (dataDir: string) => path.join(dataDir, "server.pid");

/** Marks DATA_DIR as held by this process; answers the function that releases it. */
export function holdDataDir(dataDir: string): () => void {
  const marker = markerOf(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(marker, `${process.pid}\n`);
  return () => {
    if (readPid(marker) === process.pid) rmSync(marker, { force: true });
  };
}

/** The id of a running process that holds DATA_DIR, or null (a stale marker is ignored). */
export function processHoldingDataDir(dataDir: string): number | null {
  const pid = readPid(markerOf(dataDir));
  return pid && isRunning(pid) ? pid : null;
}

function readPid(marker: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(marker, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
