import { describe, expect, test } from "vitest";
import { PayloadTooLargeError } from "~/shared/domain-errors";
import { readFormData } from "./form-data.server";
import { DroppedFile } from "./multipart-files.server";

const KB = 1024;

/** A multipart request of `form`, its body sent in pieces of `piece` bytes. */
async function multipart(form: FormData, piece = 64 * KB) {
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += piece) {
        controller.enqueue(bytes.slice(at, at + piece));
      }
      controller.close();
    },
  });
  return new Request("http://localhost/", {
    method: "POST",
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
    body,
    duplex: "half",
  } as RequestInit);
}

function formOf(fileBytes: number) {
  const form = new FormData();
  form.append("title", "عنوان الفعالية");
  form.append(
    "file",
    new File([new Uint8Array(fileBytes).fill(7)], "كبير.pdf", { type: "application/pdf" }),
  );
  form.append("description", "وصف بعد الملف");
  return form;
}

const CAPS = { maxBytes: 400 * KB, formBytes: 150 * KB, maxFileBytes: 100 * KB };

describe("a multipart form with a file over its field's limit", () => {
  test("keeps every other field and says the file's size, without its content", async () => {
    const formData = await readFormData(await multipart(formOf(250 * KB), 7 * KB + 3), CAPS);
    expect(formData.get("title")).toBe("عنوان الفعالية");
    expect(formData.get("description")).toBe("وصف بعد الملف");
    const file = formData.get("file") as File;
    expect(file).toBeInstanceOf(DroppedFile);
    expect(file.name).toBe("كبير.pdf");
    expect(file.size).toBe(250 * KB);
    expect((await file.arrayBuffer()).byteLength).toBe(0);
  });

  test("a file within its limit arrives whole, byte for byte, whatever the pieces", async () => {
    for (const piece of [1 * KB + 1, 64 * KB]) {
      const formData = await readFormData(await multipart(formOf(100 * KB), piece), CAPS);
      const file = formData.get("file") as File;
      expect(file).not.toBeInstanceOf(DroppedFile);
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(bytes.length).toBe(100 * KB);
      expect(bytes.every((byte) => byte === 7)).toBe(true);
      expect(formData.get("description")).toBe("وصف بعد الملف");
    }
  });

  test("past what may arrive, or text past what the form holds: 413", async () => {
    await expect(readFormData(await multipart(formOf(450 * KB)), CAPS)).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
    const form = formOf(10);
    form.append("content", "ن".repeat(100 * KB));
    await expect(readFormData(await multipart(form), CAPS)).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
  });

  test("a truncated body is refused 400 in Arabic, as before", async () => {
    const encoded = new Request("http://localhost/", { method: "POST", body: formOf(10 * KB) });
    const whole = new Uint8Array(await encoded.arrayBuffer());
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": encoded.headers.get("content-type") ?? "" },
      body: whole.slice(0, 5 * KB),
    });
    await expect(readFormData(request, CAPS)).rejects.toMatchObject({
      status: 400,
      message: "تعذّرت قراءة البيانات المرسلة، أعد تحميل الصفحة وحاول مرة أخرى",
    });
  });
});
