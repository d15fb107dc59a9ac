import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";

// An archive holds the auth secret, password hashes and volunteers' data: only the account that
// runs the site may read it (docs/decisions/037). Modes are set after creating, as the umask
// could otherwise take bits away or (umask 000) leave them to everyone.

export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

/**
 * Creates `folder` and its missing parents, each its owner's only. A folder that was there
 * already is left as it is (an operator's `--out` folder is theirs).
 */
export async function createPrivateFolder(folder: string): Promise<void> {
  const target = path.resolve(folder);
  const first = await mkdir(target, { recursive: true, mode: PRIVATE_FOLDER });
  if (!first) return;
  for (let made = target; ; made = path.dirname(made)) {
    await chmod(made, PRIVATE_FOLDER);
    if (made === first || made === path.dirname(made)) return;
  }
}
