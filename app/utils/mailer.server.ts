import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transporter: Transporter | undefined;

export function outboxDir(): string {
  return path.join(getEnv().DATA_DIR, "outbox");
}

/**
 * Sends through SMTP when `SMTP_URL` is set; otherwise writes the message to the outbox
 * folder as a JSON file, which is where development and tests read their e-mails.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const env = getEnv();
  if (env.SMTP_URL) {
    transporter ??= nodemailer.createTransport(env.SMTP_URL);
    await transporter.sendMail({ from: env.MAIL_FROM, ...message });
    logger.info({ subject: message.subject }, "e-mail sent");
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
  const record = { from: env.MAIL_FROM, sentAt: new Date().toISOString(), ...message };
  await writeFile(file, JSON.stringify(record, null, 2), "utf8");
  logger.info({ subject: message.subject, file }, "e-mail written to the outbox");
}
