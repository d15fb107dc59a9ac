// `npm run bench:newsletter`: a campaign to 10,000 confirmed subscribers (SUBSCRIBERS to change
// it) through the mail queue, into a real SMTP server in this process (smtp-server) that counts
// what it accepts. The worker is a process of its own (bench/newsletter-worker.ts) on a fresh
// PGlite folder (or DATABASE_URL); printed: time, messages/s, the worker's CPU and its peak memory
// (VmHWM), and its resident memory every tenth of the way (flat: recipients are claimed in
// batches, never loaded at once). Figures only (docs/decisions/051).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const COUNT = Number(process.env.SUBSCRIBERS ?? 10_000);

function runStep(step, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/newsletter-worker.ts", step], {
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`${step} ended with ${code}`)),
    );
  });
}

let accepted = 0;
const recipients = new Set();
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      accepted++;
      for (const rcpt of session.envelope.rcptTo) recipients.add(rcpt.address);
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${sink.server.address().port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-bench-newsletter-"));
const env = {
  DATA_DIR: dataDir,
  SMTP_URL: smtpUrl,
  SITE_URL: "https://rifq.example",
  AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
  SUBSCRIBERS: String(COUNT),
};
try {
  await runStep("seed", env);
  const figures = JSON.parse(await runStep("send", env));
  console.log(
    `Newsletter: ${COUNT} confirmed subscribers, one campaign, real SMTP server in-process`,
  );
  console.log(`  sent (worker)        ${figures.sent}`);
  console.log(
    `  accepted (SMTP)      ${accepted} messages, ${recipients.size} distinct recipients`,
  );
  console.log(`  time                 ${figures.seconds.toFixed(1)} s`);
  console.log(`  rate                 ${figures.perSecond.toFixed(0)} messages/s`);
  console.log(
    `  CPU (worker)         ${figures.cpuUserSeconds.toFixed(1)} s user + ${figures.cpuSystemSeconds.toFixed(1)} s system`,
  );
  console.log(`  peak memory (VmHWM)  ${figures.vmHwmMb.toFixed(0)} MB`);
  console.log(`  resident every 10%   ${figures.rssMbEveryTenth.join(", ")} MB`);
} finally {
  await new Promise((resolve) => sink.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
