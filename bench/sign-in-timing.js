// Whether a wrong password answers in the same time for a real account as for an unknown address
// (an attacker timing the answers could otherwise tell which addresses have accounts). Paired,
// alternating sign-ins against the built server (`npm run build` first): each pair is one real
// account with a wrong password and one unknown address, in turns of order. Prints the medians,
// the median of the paired differences and the load average. Figures only.
//   node bench/sign-in-timing.js            (SIGN_IN_PAIRS=200 by default)
import os from "node:os";
import { median } from "./measure.js";
import { ADMIN_ENV, request, signInAdmin, startServer } from "./server.js";

const PAIRS = Number(process.env.SIGN_IN_PAIRS ?? 200);
/** Sign-in allows 50 attempts per address in 15 minutes: the real side rotates over accounts. */
const PER_ACCOUNT = 40;
const PASSWORD = "Timing-pass-2026!x";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

let lastIp = 0;
/** Each attempt comes from its own address (TRUST_PROXY=1), so no per-client wait applies. */
const nextIp = () => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

function post(url, fields) {
  return request(`${url}/login`, {
    method: "POST",
    headers: { ...FORM, origin: url, "x-forwarded-for": nextIp() },
    body: new URLSearchParams(fields).toString(),
  });
}

async function createAccounts(url, count) {
  const emails = [];
  for (let i = 0; i < count; i++) {
    const email = `timing-${i}@rifq.local`;
    const answer = await post(url, {
      intent: "sign-up",
      fullName: "حساب القياس",
      email,
      password: PASSWORD,
    });
    if (answer.status !== 200) throw new Error(`sign-up answered ${answer.status}`);
    emails.push(email);
  }
  return emails;
}

/** Milliseconds a wrong-password sign-in takes; it must be refused with 400. */
async function timeSignIn(url, email) {
  const started = performance.now();
  const answer = await post(url, { intent: "sign-in", email, password: "Wrong-pass-2026!x" });
  const ms = performance.now() - started;
  if (answer.status !== 400) throw new Error(`sign-in answered ${answer.status}`);
  return ms;
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

export async function benchSignInTiming({ port = 3996 } = {}) {
  const server = await startServer({ port, env: { TRUST_PROXY: "1", ...ADMIN_ENV } });
  try {
    await signInAdmin(server.url); // completes the first-run setup, which sign-up waits for
    const accounts = await createAccounts(server.url, Math.ceil((PAIRS + 10) / PER_ACCOUNT));
    let attempt = 0;
    const real = () => accounts[Math.floor(attempt++ / PER_ACCOUNT)];
    let unknown = 0;
    const stranger = () => `nobody-${unknown++}@rifq.local`;
    // Warm-up: the first answers compile and fill caches.
    for (let i = 0; i < 5; i++) {
      await timeSignIn(server.url, real());
      await timeSignIn(server.url, stranger());
    }
    const loadBefore = load();
    const known = [];
    const strangers = [];
    for (let i = 0; i < PAIRS; i++) {
      // Alternate which goes first, so a drift in the machine's load falls on both sides.
      if (i % 2 === 0) {
        known.push(await timeSignIn(server.url, real()));
        strangers.push(await timeSignIn(server.url, stranger()));
      } else {
        strangers.push(await timeSignIn(server.url, stranger()));
        known.push(await timeSignIn(server.url, real()));
      }
    }
    const differences = known.map((ms, i) => ms - strangers[i]);
    console.log(`sign-in with a wrong password, ${PAIRS} alternating pairs`);
    console.log(`  real account, wrong password: median ${median(known).toFixed(1)} ms`);
    console.log(`  unknown address:              median ${median(strangers).toFixed(1)} ms`);
    console.log(
      `  paired difference (real − unknown): median ${median(differences).toFixed(1)} ms`,
    );
    console.log(`  load average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
    console.log(`  CPUs: ${os.cpus().length}`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSignInTiming();
