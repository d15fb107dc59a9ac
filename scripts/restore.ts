// `npm run restore <file>`: checks an archive's checksums, then restores it into an EMPTY target:
// the PostgreSQL database of DATABASE_URL, or a new embedded database in DATA_DIR/db; uploads go
// to the configured storage (DATA_DIR/uploads or S3). See docs/decisions/017.
import {
  describeContents,
  parseCommandLine,
  runCommand,
} from "~/utils/backup/command-output.server";
import { restoreBackup } from "~/utils/backup/restore.server";
import { adoptAuthSecret, restoreTargetFromEnv } from "~/utils/backup/site-env.server";
import { getEnv } from "~/utils/env.server";
import { getStorage } from "~/utils/storage.server";

await runCommand(async () => {
  const { positionals } = parseCommandLine(
    { allowPositionals: true },
    "npm run restore <ملف النسخة الاحتياطية>",
    1,
  );
  const secretFromEnvironment = Boolean(process.env.AUTH_SECRET?.trim());
  const env = getEnv();
  const target = restoreTargetFromEnv(env);
  const result = await restoreBackup({ archive: positionals[0], target, storage: getStorage() });
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
