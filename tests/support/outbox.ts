import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One e-mail as the mailer writes it to the outbox folder (app/utils/mailer.server.ts). */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The e-mails in an outbox folder, oldest first (none when it does not exist yet). */
export function readOutboxFolder(dir: string): OutboxMessage[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")));
}
