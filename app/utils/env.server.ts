import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce
      .number({ error: "PORT must be a whole number between 1 and 65535" })
      .int("PORT must be a whole number between 1 and 65535")
      .min(1, "PORT must be a whole number between 1 and 65535")
      .max(65535, "PORT must be a whole number between 1 and 65535")
      .default(3000),
    HOST: z.string().min(1, "HOST must not be empty").default("0.0.0.0"),
    DATA_DIR: z.string().min(1, "DATA_DIR must not be empty").default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
        .optional(),
    ),
    SITE_URL: optionalText.pipe(
      z.url({ message: "SITE_URL must be a full URL such as https://rifq.org.sa" }).optional(),
    ),
    AUTH_SECRET: optionalText.pipe(
      z.string().min(32, "AUTH_SECRET must be at least 32 characters long").optional(),
    ),
    PRIMARY_ADMIN_EMAIL: optionalText.pipe(
      z.email({ message: "PRIMARY_ADMIN_EMAIL must be an e-mail address" }).optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().default("رفق <no-reply@rifq.local>"),
    S3_ENDPOINT: optionalText.pipe(z.url({ message: "S3_ENDPOINT must be a URL" }).optional()),
    S3_REGION: z.string().default("us-east-1"),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PUBLIC_URL: optionalText.pipe(z.url({ message: "S3_PUBLIC_URL must be a URL" }).optional()),
    // Which proxies may set X-Forwarded-For: a hop count ("1") or a comma-separated list of
    // addresses/CIDRs ("10.0.0.0/8, 127.0.0.1"). Unset = only a proxy on this machine (loopback).
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .regex(
          /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/,
          "TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of addresses or CIDRs",
        )
        .optional(),
    ),
    // One-time code that /setup asks for until the first admin exists. Unset = generated at start-up.
    SETUP_CODE: optionalText.pipe(
      z.string().min(12, "SETUP_CODE must be at least 12 characters long").optional(),
    ),
    // Nightly backup into DATA_DIR/backups (keeping BACKUP_KEEP archives) when "true".
    BACKUP_NIGHTLY: z
      .enum(["true", "false"], { error: "BACKUP_NIGHTLY must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    BACKUP_KEEP: z.coerce
      .number({ error: "BACKUP_KEEP must be a whole number from 1 to 365" })
      .int("BACKUP_KEEP must be a whole number from 1 to 365")
      .min(1, "BACKUP_KEEP must be a whole number from 1 to 365")
      .max(365, "BACKUP_KEEP must be a whole number from 1 to 365")
      .default(7),
    // Nightly backups also sent to an S3-compatible bucket, under BACKUP_S3_PREFIX, keeping the
    // newest BACKUP_S3_KEEP there (docs/decisions/077). Unset bucket = local backups only.
    BACKUP_S3_BUCKET: optionalText,
    BACKUP_S3_PREFIX: z
      .string()
      .trim()
      .regex(
        /^([\w.-]+\/)*$/,
        "BACKUP_S3_PREFIX must be folder names ending in / (e.g. rifq-backups/)",
      )
      .default("rifq-backups/"),
    BACKUP_S3_ENDPOINT: optionalText.pipe(
      z.url({ message: "BACKUP_S3_ENDPOINT must be a URL" }).optional(),
    ),
    BACKUP_S3_REGION: z.string().default("us-east-1"),
    BACKUP_S3_ACCESS_KEY_ID: optionalText,
    BACKUP_S3_SECRET_ACCESS_KEY: optionalText,
    BACKUP_S3_KEEP: z.coerce
      .number({ error: "BACKUP_S3_KEEP must be a whole number from 1 to 3650" })
      .int("BACKUP_S3_KEEP must be a whole number from 1 to 3650")
      .min(1, "BACKUP_S3_KEEP must be a whole number from 1 to 3650")
      .max(3650, "BACKUP_S3_KEEP must be a whole number from 1 to 3650")
      .default(14),
    // Two-factor sign-in for administrators: "optional" (each staff member may turn it on) or
    // "required" (an admin must set it up before using the staff area).
    ADMIN_TWO_FACTOR: z
      .enum(["optional", "required"], { error: "ADMIN_TWO_FACTOR must be optional or required" })
      .default("optional"),
    // Months volunteer registrations and survey contact details are kept (docs/decisions/022).
    OUTREACH_RETENTION_MONTHS: z.coerce
      .number({ error: "OUTREACH_RETENTION_MONTHS must be a whole number from 1 to 120" })
      .int("OUTREACH_RETENTION_MONTHS must be a whole number from 1 to 120")
      .min(1, "OUTREACH_RETENTION_MONTHS must be a whole number from 1 to 120")
      .max(120, "OUTREACH_RETENTION_MONTHS must be a whole number from 1 to 120")
      .default(24),
    // Days the audit log of staff actions keeps its rows; a daily job trims older ones (decision 075).
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ error: "AUDIT_RETENTION_DAYS must be a whole number from 30 to 3650" })
      .int("AUDIT_RETENTION_DAYS must be a whole number from 30 to 3650")
      .min(30, "AUDIT_RETENTION_DAYS must be a whole number from 30 to 3650")
      .max(3650, "AUDIT_RETENTION_DAYS must be a whole number from 30 to 3650")
      .default(730),
    // End-to-end tests only: "true" opens POST /__test/clock, which moves this process's clock
    // (scheduled posts). Refused unless SITE_URL is a loopback address (docs/decisions/031).
    TEST_CLOCK: z
      .enum(["true", "false"], { error: "TEST_CLOCK must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    // Messages per minute the mail queue hands to SMTP, all processes together (docs/decisions/051).
    MAIL_RATE_PER_MINUTE: z.coerce
      .number({ error: "MAIL_RATE_PER_MINUTE must be a whole number from 1 to 1000000" })
      .int("MAIL_RATE_PER_MINUTE must be a whole number from 1 to 1000000")
      .min(1, "MAIL_RATE_PER_MINUTE must be a whole number from 1 to 1000000")
      .max(1_000_000, "MAIL_RATE_PER_MINUTE must be a whole number from 1 to 1000000")
      .default(120),
    // Prometheus metrics (docs/decisions/077): a port of their own, on METRICS_HOST (this machine
    // only by default). Unset = no metrics.
    METRICS_PORT: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, "METRICS_PORT must be a whole number between 1 and 65535")
        .transform(Number)
        .refine(
          (port) => port >= 1 && port <= 65535,
          "METRICS_PORT must be a whole number between 1 and 65535",
        )
        .optional(),
    ),
    METRICS_HOST: z.string().min(1, "METRICS_HOST must not be empty").default("127.0.0.1"),
    // /readyz says "not ready" when the oldest due unsent e-mail has waited longer (minutes).
    READY_MAIL_MAX_AGE_MINUTES: z.coerce
      .number({ error: "READY_MAIL_MAX_AGE_MINUTES must be a whole number from 1 to 10080" })
      .int("READY_MAIL_MAX_AGE_MINUTES must be a whole number from 1 to 10080")
      .min(1, "READY_MAIL_MAX_AGE_MINUTES must be a whole number from 1 to 10080")
      .max(10080, "READY_MAIL_MAX_AGE_MINUTES must be a whole number from 1 to 10080")
      .default(30),
    // Reading statistics (docs/decisions/074): how often each process writes its counts, how
    // many days of daily counts are kept, and a switch to turn counting off (benchmarks only).
    STATISTICS_FLUSH_MS: z.coerce
      .number({ error: "STATISTICS_FLUSH_MS must be a whole number from 50 to 3600000" })
      .int("STATISTICS_FLUSH_MS must be a whole number from 50 to 3600000")
      .min(50, "STATISTICS_FLUSH_MS must be a whole number from 50 to 3600000")
      .max(3_600_000, "STATISTICS_FLUSH_MS must be a whole number from 50 to 3600000")
      .default(30_000),
    STATISTICS_RETENTION_DAYS: z.coerce
      .number({ error: "STATISTICS_RETENTION_DAYS must be a whole number from 7 to 3650" })
      .int("STATISTICS_RETENTION_DAYS must be a whole number from 7 to 3650")
      .min(7, "STATISTICS_RETENTION_DAYS must be a whole number from 7 to 3650")
      .max(3650, "STATISTICS_RETENTION_DAYS must be a whole number from 7 to 3650")
      .default(400),
    STATISTICS_COUNTING: z
      .enum(["on", "off"], { error: "STATISTICS_COUNTING must be on or off" })
      .default("on"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message:
          "AUTH_SECRET is required when DATABASE_URL is set (several processes must share it)",
      });
    }
    if (
      env.TEST_CLOCK &&
      !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(env.SITE_URL ?? "")
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["TEST_CLOCK"],
        message:
          "TEST_CLOCK is for tests on this machine: SITE_URL must be http://127.0.0.1:<port>",
      });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set",
      });
    }
    const backupS3 = [
      env.BACKUP_S3_BUCKET,
      env.BACKUP_S3_ACCESS_KEY_ID,
      env.BACKUP_S3_SECRET_ACCESS_KEY,
    ];
    if (backupS3.some(Boolean) && !backupS3.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_S3_BUCKET"],
        message:
          "BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY go together: set all three or none",
      });
    }
  });

/** Every variable the environment is read from (tests clear them all, tests/setup/hermetic-env.ts). */
export const ENV_NAMES = Object.keys(envSchema.shape);

export type Env = z.infer<typeof envSchema> & { AUTH_SECRET: string; DATA_DIR: string };

/** Parses an environment; throws one readable error listing every bad value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return { ...env, DATA_DIR: dataDir, AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateSecret(dataDir) };
}

/** In embedded mode the secret is generated once and kept beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The process environment, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The public base URL of the site, used in e-mails and canonical links. */
export function getSiteUrl(): string {
  const env = getEnv();
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
