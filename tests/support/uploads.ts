import { readdirSync } from "node:fs";
import path from "node:path";
import { getEnv } from "~/utils/env.server";

/** Where this test file's uploads are stored. */
export const uploadsDir = () => path.join(getEnv().DATA_DIR, "uploads");

/** Every stored upload, as paths relative to the uploads folder. */
export function storedFiles(): string[] {
  try {
    return readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploadsDir(), path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
