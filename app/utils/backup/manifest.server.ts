import { createHash } from "node:crypto";
import { z } from "zod";
import { BackupError } from "./backup-error.server";

/** The names inside every archive. Uploads keep their storage keys under `uploads/`. */
export const MANIFEST_FILE = "manifest.json";
export const DATABASE_FILE = "database.sql";
export const AUTH_SECRET_FILE = "auth-secret";
export const UPLOADS_FOLDER = "uploads";
export const FORMAT_VERSION = 1;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const byteCount = z.number().int().nonnegative();

const storedFileSchema = z.object({
  key: z.string().min(1),
  sha256: sha256Hex,
  bytes: byteCount,
  contentType: z.string(),
});

const manifestSchema = z.object({
  format: z.literal("rifq-backup"),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  source: z.object({ kind: z.enum(["pglite", "postgres"]), serverVersion: z.string() }),
  database: z.object({ file: z.literal(DATABASE_FILE), sha256: sha256Hex, bytes: byteCount }),
  /** Rows per table ("schema.table"), counted in the same snapshot as the dump. */
  tables: z.record(z.string(), byteCount),
  files: z.array(storedFileSchema),
  /** The generated session secret of an embedded site (DATA_DIR/auth-secret), when it had one. */
  authSecret: z.object({ file: z.literal(AUTH_SECRET_FILE), sha256: sha256Hex }).nullable(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type StoredFile = z.infer<typeof storedFileSchema>;
export type DatabaseKind = Manifest["source"]["kind"];

export const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** Reads manifest.json; an archive from a newer version of Rifq is refused by name. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError("ملف manifest.json في النسخة الاحتياطية غير صالح.");
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version > FORMAT_VERSION) {
    throw new BackupError(
      `هذه النسخة بصيغة أحدث (${version}) من هذا الإصدار من رفق (${FORMAT_VERSION})؛ حدِّث البرنامج أولاً.`,
    );
  }
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    throw new BackupError("ملف manifest.json في النسخة الاحتياطية غير صالح.");
  }
  return result.data;
}
