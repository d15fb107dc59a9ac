// `npm run backup [-- --out <file>]`: one .tar.gz with the database (plain SQL), the uploads
// and a manifest; by default DATA_DIR/backups/rifq-<UTC time>.tar.gz. The archive is its
// owner's only (0600), DATA_DIR/backups too (0700). See docs/decisions/017 and 037.
import path from "node:path";
import {
  describeContents,
  parseCommandLine,
  runCommand,
} from "~/utils/backup/command-output.server";
import { createBackup } from "~/utils/backup/create-backup.server";
import { backupFileName } from "~/utils/backup/retention.server";
import {
  backupsDir,
  generatedAuthSecret,
  openSourceForCommand,
  privateBackupsDir,
} from "~/utils/backup/site-env.server";
import { getEnv } from "~/utils/env.server";
import { getStorage } from "~/utils/storage.server";

await runCommand(async () => {
  const { values } = parseCommandLine(
    { options: { out: { type: "string" } } },
    "npm run backup [-- --out <ملف>]",
  );
  const env = getEnv();
  const now = new Date();
  const outFile = values.out ?? path.join(backupsDir(env.DATA_DIR), backupFileName(now));
  const opened = await openSourceForCommand(env);
  try {
    if (!values.out) await privateBackupsDir(env.DATA_DIR);
    const { file, manifest } = await createBackup({
      database: opened.source,
      storage: getStorage(),
      outFile,
      authSecret: generatedAuthSecret(env),
      now,
    });
    console.log(`تم حفظ النسخة الاحتياطية: ${file}`);
    console.log(`${describeContents(manifest)}.`);
  } finally {
    await opened.close();
  }
});
