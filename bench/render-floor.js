// `node bench/render-floor.js`: what a render costs before its page has anything in it (issue 39,
// item 4; docs/decisions/098). Builds this checkout's HEAD in a temporary worktree with two routes
// added, `/floor` (the root document around `<p>floor</p>`, nothing of the site) and `/floor-frame`
// (the same inside the site's layout: header, footer and the layout's loader), then runs
// bench/render-threads.js on that build over Express alone (`/healthz`), React Router's data
// request (`/floor.data`), the bare document, the frame and real pages beside them, twice: V8 is
// still optimizing in the first pass. PAGES as bench/render-threads.js replaces the list.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ONE_PASS = ["/healthz", "/floor.data", "/floor", "/floor-frame", "/privacy", "/", "post"];
const PAGES = process.env.PAGES ?? [...ONE_PASS, ...ONE_PASS].join(",");

const dir = mkdtempSync(path.join(os.tmpdir(), "rifq-floor-"));
const inside = (file) => path.join(dir, file);
execFileSync("git", ["worktree", "add", "--detach", "--force", dir, "HEAD"], { stdio: "ignore" });
try {
  symlinkSync(path.resolve("node_modules"), inside("node_modules"));
  writeFileSync(
    inside("app/routes/site/floor.tsx"),
    "export default function Floor() {\n  return <p>floor</p>;\n}\n",
  );
  const routes = readFileSync(inside("app/routes.ts"), "utf8");
  const withFloor = routes
    .replace(
      "export default [\n",
      'export default [\n  route("floor", "routes/site/floor.tsx", { id: "floor-bare" }),\n',
    )
    .replace(
      '  index("routes/site/home.tsx"),\n',
      (home) => `${home}    site("floor-frame", "floor"),\n`,
    );
  if (withFloor.split("floor").length - routes.split("floor").length !== 5)
    throw new Error("app/routes.ts no longer reads as this script expects: add the routes by hand");
  writeFileSync(inside("app/routes.ts"), withFloor);
  try {
    execFileSync("npm", ["run", "build"], { cwd: dir, stdio: "pipe" });
  } catch (error) {
    process.stderr.write(error.stderr ?? "");
    throw error;
  }
  execFileSync(process.execPath, ["bench/render-threads.js"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: path.relative(process.cwd(), inside("build")), PAGES },
  });
} finally {
  execFileSync("git", ["worktree", "remove", "--force", dir], { stdio: "ignore" });
  rmSync(dir, { recursive: true, force: true });
}
