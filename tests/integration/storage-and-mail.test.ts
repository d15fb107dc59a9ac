import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";
import { getEnv } from "~/utils/env.server";
import { outboxDir, sendMail } from "~/utils/mailer.server";
import { createLocalStorage } from "~/utils/storage.server";

test("local storage keeps, serves and removes files under its root", async () => {
  const storage = createLocalStorage(path.join(getEnv().DATA_DIR, "uploads"));
  await storage.put("posts/1700000000.webp", Buffer.from("RIFF"), "image/webp");
  expect(storage.publicUrl("posts/1700000000.webp")).toBe("/uploads/posts/1700000000.webp");
  const file = await storage.get("posts/1700000000.webp");
  expect(file?.contentType).toBe("image/webp");
  expect(file?.body.toString()).toBe("RIFF");
  await storage.remove("posts/1700000000.webp");
  expect(await storage.get("posts/1700000000.webp")).toBeNull();
  await expect(storage.put("../escape.png", Buffer.from(""), "image/png")).rejects.toThrow(
    "unsafe",
  );
});

test("without SMTP_URL the mailer writes each message to the outbox", async () => {
  await sendMail({ to: "someone@example.test", subject: "تجربة", text: "مرحباً" });
  const files = await readdir(outboxDir());
  expect(files).toHaveLength(1);
  const message = JSON.parse(await readFile(path.join(outboxDir(), files[0]), "utf8"));
  expect(message).toMatchObject({ to: "someone@example.test", subject: "تجربة", text: "مرحباً" });
});
