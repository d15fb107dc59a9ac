import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server in this process (the `smtp-server` package) that keeps every message it
 * accepts. `answer` decides each message's reply: accept (default) or refuse with an SMTP code,
 * as a provider would (4xx: try later, 5xx: never). Messages are parsed just enough for tests:
 * headers (encoded words decoded) and the text and HTML parts.
 */

export interface SinkMessage {
  /** The envelope's recipients. */
  to: string[];
  raw: string;
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export type SinkAnswer = { accept: true } | { code: number; message: string };

export interface SmtpSink {
  url: string;
  port: number;
  messages: SinkMessage[];
  /** Decides the reply to the next messages (by recipient); the default accepts everything. */
  answer: (recipient: string, count: number) => SinkAnswer | Promise<SinkAnswer>;
  /** Called after a message was accepted (the reply is on its way). */
  onAccepted?: (message: SinkMessage) => void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "=" && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
    }
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain and text/html parts of a message (one level of multipart is enough here). */
function partsOf(raw: string) {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const found = { text: "", html: "" };
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  const sections = boundary
    ? body.split(`--${boundary}`).slice(1, -1).map(splitHeaders)
    : [{ headers, body }];
  for (const section of sections) {
    const partType = section.headers.get("content-type") ?? "text/plain";
    if (/multipart\//i.test(partType)) {
      const inner = partsOf(`content-type: ${partType}\r\n\r\n${section.body}`);
      found.text ||= inner.text;
      found.html ||= inner.html;
    } else if (/text\/html/i.test(partType)) found.html = decodeBody(section.headers, section.body);
    else if (/text\/plain/i.test(partType)) found.text = decodeBody(section.headers, section.body);
  }
  return found;
}

export function parseMessage(raw: string, to: string[]): SinkMessage {
  const { headers } = splitHeaders(raw);
  return { to, raw, headers, subject: headers.get("subject") ?? "", ...partsOf(raw) };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let count = 0;
  const sink: SmtpSink = {
    url: "",
    port: 0,
    messages: [],
    answer: () => ({ accept: true }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const answer = await sink.answer(to[0] ?? "", ++count);
        if ("code" in answer) {
          const error = new Error(answer.message) as Error & { responseCode: number };
          error.responseCode = answer.code;
          callback(error);
          return;
        }
        const message = parseMessage(Buffer.concat(chunks).toString("utf8"), to);
        sink.messages.push(message);
        callback();
        sink.onAccepted?.(message);
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.port = port;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
