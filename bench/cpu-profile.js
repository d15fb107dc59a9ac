// Reading a server's `--cpu-prof` profile per measured window, for bench/render-profile.js and
// bench/forms-profile.js: top functions by self time, the app's own functions (build/) by total
// time, and (CALLERS="name,…") who calls a function, over the samples of one window only.
// Windows are in µs of the monotonic clock, which V8's profile timestamps use as well (on Linux
// `CLOCK_MONOTONIC`, shared by every process), so no alignment is guessed.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** `node` arguments that make the server write its profile into a fresh folder as it ends. */
export function profiledServer(name) {
  const dir = path.join(os.tmpdir(), `rifq-${name}-${process.pid}`);
  return { dir, nodeArgs: ["--cpu-prof", "--cpu-prof-dir", dir] };
}

/** Now, in µs of the monotonic clock: a window's edge. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

const nameOf = ({ callFrame }) =>
  `${callFrame.functionName || "(anonymous)"} ${callFrame.url.replace(/^.*\/(node_modules|build)\//, "$1/")}:${callFrame.lineNumber + 1}`;

/** The part of the server a sampled function belongs to, by where its code is. */
const PARTS = [
  ["garbage collection", (name) => name === "(garbage collector)"],
  ["React", (_, url) => /node_modules\/react(-dom)?\//.test(url)],
  ["the database (PGlite, Drizzle)", (_, url) => /@electric-sql|drizzle-orm|^wasm:/.test(url)],
  ["compression (zlib)", (_, url) => url === "node:zlib"],
  ["the app and React Router (build/)", (_, url) => url.includes("/build/")],
  ["Express and other libraries", (_, url) => url.includes("/node_modules/")],
  ["Node (HTTP, streams, timers) and V8", () => true],
];
const partOf = (callFrame) =>
  PARTS.find(([, test]) => test(callFrame.functionName, callFrame.url))[0];

/**
 * Prints, for each [label, from, to, requests] window, the sampled CPU per request and the
 * profile's shares (by part of the server, then by function); then removes the folder
 * (KEEP_PROFILE=1 keeps it). TOP lines (30).
 */
export function reportProfile(dir, windows) {
  const file = readdirSync(dir).find((entry) => entry.endsWith(".cpuprofile"));
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const callersOf = (process.env.CALLERS ?? "").split(",").filter(Boolean);
  const limit = Number(process.env.TOP ?? 30);
  for (const [label, start, end, requests] of windows) {
    const self = new Map();
    const inclusive = new Map();
    const callers = new Map();
    const parts = new Map();
    let time = profile.startTime;
    let busy = 0;
    for (const [i, nodeId] of profile.samples.entries()) {
      time += profile.timeDeltas[i] ?? 0;
      if (time < start || time > end) continue;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const node = byId.get(nodeId);
      if (node.callFrame.functionName === "(idle)") continue;
      busy += ms;
      const part = partOf(node.callFrame);
      parts.set(part, (parts.get(part) ?? 0) + ms);
      self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + ms);
      const seen = new Set();
      const stack = [];
      for (let at = nodeId; at !== undefined; at = parentOf.get(at)) {
        const name = nameOf(byId.get(at));
        seen.add(name);
        stack.push(name);
      }
      for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      // A caller chain: the three frames above the first frame whose name matches.
      for (const wanted of callersOf) {
        const at = stack.findIndex((name) => name.startsWith(`${wanted} `));
        if (at < 0) continue;
        const chain = `${wanted} ← ${stack.slice(at + 1, at + 4).join(" ← ")}`;
        callers.set(chain, (callers.get(chain) ?? 0) + ms);
      }
    }
    const top = (map, filter = () => true) =>
      [...map.entries()]
        .filter(([name]) => filter(name))
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([name, ms]) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${name}`)
        .join("\n");
    console.log(
      `\n── ${label}: ${(busy / requests).toFixed(1)} ms sampled per request\nBy part (self time):\n${top(parts)}\nTop self time:\n${top(self)}`,
    );
    console.log(
      `\nTotal time of the app's own functions (build/):\n${top(inclusive, (name) => name.includes(" build/"))}`,
    );
    if (callers.size) console.log(`\nCallers:\n${top(callers)}`);
  }
  if (process.env.KEEP_PROFILE) console.log(`profile kept: ${path.join(dir, file)}`);
  else rmSync(dir, { recursive: true, force: true });
}
