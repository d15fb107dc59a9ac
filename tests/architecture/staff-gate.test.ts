import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * One staff gate (docs/decisions/038): staff loaders and actions take their actor from
 * `requireRole` or `getStaffActor` (role and two-factor sign-in), or, where nothing may redirect,
 * `getActorPastStaffGate`. The functions that skip the gate are allowed only where no staff data
 * is read or written, each for the reason given.
 */
const UNGATED: Record<string, Record<string, string>> = {
  getActor: {
    "app/services/permissions.server.ts": "the gate itself is built on it",
    "app/root.tsx": "the site header's name and role, no staff data",
    "app/routes/auth/login.server.ts": "a signed-in visitor on the sign-in page is sent home",
  },
  requireUser: {
    "app/services/permissions.server.ts": "requireRole is built on it",
    "app/routes/auth/profile.tsx": "one's own account, open to every signed-in user",
    "app/routes/auth/two-factor.server.ts": "the very page the gate sends admins to",
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test.each(Object.keys(UNGATED))("%s is used only where no staff data is read", (name) => {
  const use = new RegExp(`\\b${name}\\b(?=\\s*[(,}])`);
  const users = [...sourceFiles("app"), ...sourceFiles("server")].filter((file) =>
    // Code, not comments: a call, or a name in an import list.
    readFileSync(file, "utf8")
      .split("\n")
      .some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && use.test(line)),
  );
  expect(users.sort()).toEqual(Object.keys(UNGATED[name]).sort());
});
