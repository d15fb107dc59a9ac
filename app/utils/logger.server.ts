import pino from "pino";

/** The one logger of the server. Never log passwords, tokens or links from e-mails. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: ["password", "*.password", "token", "*.token", "url", "*.url"],
});
