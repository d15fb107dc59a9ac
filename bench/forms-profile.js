// `node bench/forms-profile.js`: where the server CPU of issue 36's bench goes (docs/decisions/071,
// "Speed"). The built server on one 20-field form with 10,000 answers (bench/seed-forms.ts) under
// `node --cpu-prof`; per phase (sending an answer, the answers inbox as HTML and as data), ROUNDS
// requests one at a time with the server's CPU per request (/proc) and the load average, then the
// profile's top functions by self time and the app's own functions by total time, in that phase's
// window only (bench/cpu-profile.js: TOP, CALLERS, KEEP_PROFILE).
import { randomUUID } from "node:crypto";
import { answerBody } from "./built-forms.js";
import { monotonicMicros, profiledServer, reportProfile } from "./cpu-profile.js";
import { freePort, loadAverage, treeCpuMs } from "./measure.js";
import { ADMIN_ENV, request, run, signInAdmin, startServer } from "./server.js";

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const profile = profiledServer("forms-profile");
const id = randomUUID();
const slug = `bench-form-${id.slice(0, 8)}`;

const server = await startServer({
  port: await freePort(),
  env: {
    AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
    TRUST_PROXY: "1",
    ...ADMIN_ENV,
  },
  nodeArgs: profile.nodeArgs,
  beforeStart: (dataDir) =>
    run("npx", ["tsx", "bench/seed-forms.ts"], {
      DATA_DIR: dataDir,
      MANY_ANSWERS: process.env.MANY_ANSWERS ?? "10000",
      BENCH_FORM_ID: id,
      BENCH_FORM_SLUG: slug,
    }),
});

let sent = 0;
const send = () => {
  const n = sent++;
  return request(`${server.url}/forms/${slug}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: answerBody(n),
  });
};

/** [label, from, to, requests]: each phase's window of the profile (bench/cpu-profile.js). */
const windows = [];
try {
  const admin = await signInAdmin(server.url);
  const inbox = `/admin/dashboard/forms/${id}/answers`;
  const get = (where) => () =>
    request(`${server.url}${where}`, {
      headers: { accept: "text/html", "accept-encoding": "gzip", cookie: admin },
    });
  const phases = [
    ["sending an answer", send],
    ["answers inbox (HTML)", get(inbox)],
    ["answers inbox (data)", get(`${inbox}.data`)],
    // What any staff page costs as HTML (the layout, the sidebar, the scripts): the forms' list.
    ["forms list (HTML)", get("/admin/dashboard/forms")],
  ];
  for (const [label, call] of phases) {
    for (let i = 0; i < 10; i++) await call();
    const load = loadAverage();
    const before = treeCpuMs(server.pid);
    const from = monotonicMicros();
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const answer = await call();
      if (answer.status >= 400) throw new Error(`${label} answered ${answer.status}`);
      bytes += answer.body.length;
    }
    windows.push([label, from, monotonicMicros(), ROUNDS]);
    console.log(
      `${label.padEnd(24)} ${((treeCpuMs(server.pid) - before) / ROUNDS).toFixed(1)} ms CPU per request, ${(bytes / ROUNDS / 1024).toFixed(1)} kB sent (${ROUNDS} one at a time, load ${load.toFixed(2)} → ${loadAverage().toFixed(2)})`,
    );
  }
} finally {
  await server.stop();
}

reportProfile(profile.dir, windows);
