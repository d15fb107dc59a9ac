// `npm run restore <file>`: checks an archive's checksums, then restores it into an EMPTY target:
// the PostgreSQL database of DATABASE_URL, or a new embedded database in DATA_DIR/db; uploads go
// to the configured storage (DATA_DIR/uploads or S3). See docs/decisions/017.
// `npm run restore -- s3:latest` (or `s3:<name>`) takes the archive from the BACKUP_S3_* bucket
// (downloaded to a temporary file first); `npm run restore -- --list-s3` lists the archives there.
import { BackupError } from "~/utils/backup/backup-error.server";
import {
  describeContents,
  parseCommandLine,
  runCommand,
} from "~/utils/backup/command-output.server";
import { offsiteFromEnv, withArchive } from "~/utils/backup/offsite.server";
import { restoreBackup } from "~/utils/backup/restore.server";
import { adoptAuthSecret, restoreTargetFromEnv } from "~/utils/backup/site-env.server";
import { getEnv } from "~/utils/env.server";
import { getStorage } from "~/utils/storage.server";

await runCommand(async () => {
  const usage = "npm run restore -- <ملف النسخة الاحتياطية | s3:latest | s3:<الاسم> | --list-s3>";
  const listing = process.argv.includes("--list-s3");
  const { positionals } = parseCommandLine(
    { allowPositionals: true, options: { "list-s3": { type: "boolean" } } },
    usage,
    listing ? 0 : 1,
  );
  const secretFromEnvironment = Boolean(process.env.AUTH_SECRET?.trim());
  const env = getEnv();
  const offsite = offsiteFromEnv(env);
  if (listing) {
    if (!offsite) throw new BackupError("اضبط متغيرات BACKUP_S3_* أولاً.");
    const names = await offsite.list();
    console.log(`النسخ في ${offsite.where} (الأحدث أولاً): ${names.length}`);
    for (const name of names) console.log(name);
    return;
  }
  const target = restoreTargetFromEnv(env);
  const result = await withArchive(positionals[0], offsite, (archive) =>
    restoreBackup({ archive, target, storage: getStorage() }),
  );
  const where = target.kind === "postgres" ? "خادم PostgreSQL" : target.dataDir;
  console.log(`تمت الاستعادة إلى ${where} من نسخة ${result.manifest.createdAt}.`);
  console.log(`${describeContents(result.manifest)}؛ عدد الصفوف مطابق في كل جدول.`);
  console.log(
    `الملفات: نُسخ ${result.filesCopied}، وكان ${result.filesAlreadyThere} منها موجوداً بالمحتوى نفسه.`,
  );
  const secret = adoptAuthSecret(env, result.authSecret, secretFromEnvironment);
  if (secret === "adopted") console.log("مفتاح الجلسات (auth-secret) نُقل من النسخة.");
  if (secret === "differs") {
    console.log(
      "تنبيه: AUTH_SECRET يختلف عن مفتاح الموقع الأصلي، فسيُطلب من الجميع تسجيل الدخول من جديد. المفتاح الأصلي في الملف auth-secret داخل النسخة.",
    );
  }
});
