import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** One pooled transport per SMTP address (a test may point a process at another sink). */
const transporters = new Map<string, Transporter>();

async function transporterFor(url: string): Promise<Transporter> {
  // Loaded when the first message goes out by SMTP, not at start (decision 059).
  const { default: nodemailer } = await import("nodemailer");
  let transporter = transporters.get(url);
  if (!transporter) {
    // Pooled: a campaign's thousands of messages reuse a few connections. Bounded timeouts keep
    // a hung server from holding a queue row past its lease (docs/decisions/051).
    transporter = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    transporters.set(url, transporter);
  }
  return transporter;
}

/**
 * Connects to the SMTP server at `url`, says EHLO (and logs in when the address has a user),
 * then hangs up: `npm run doctor`'s check. Sends nothing; throws what went wrong.
 */
export async function verifySmtp(url: string): Promise<void> {
  const { default: nodemailer } = await import("nodemailer");
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transporter.verify();
  } finally {
    transporter.close();
  }
}

/** Closes the pooled SMTP connections (a process that is about to end). */
export function closeMailer() {
  for (const transporter of transporters.values()) transporter.close();
  transporters.clear();
}

export function outboxDir(): string {
  return path.join(getEnv().DATA_DIR, "outbox");
}

/**
 * Sends through SMTP when `SMTP_URL` is set; otherwise writes the message to the outbox
 * folder as a JSON file, which is where development and tests read their e-mails. A refusal
 * of the SMTP server is thrown with its `responseCode` (4xx: try later, 5xx: never).
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const env = getEnv();
  if (env.SMTP_URL) {
    await (await transporterFor(env.SMTP_URL)).sendMail({ from: env.MAIL_FROM, ...message });
    logger.debug({ subject: message.subject }, "e-mail sent");
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
  const record = { from: env.MAIL_FROM, sentAt: new Date().toISOString(), ...message };
  await writeFile(file, JSON.stringify(record, null, 2), "utf8");
  logger.info({ subject: message.subject, file }, "e-mail written to the outbox");
}
