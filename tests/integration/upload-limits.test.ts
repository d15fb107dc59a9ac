import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as campaignForm from "~/routes/admin/campaigns/form";
import * as eventForm from "~/routes/admin/events/form";
import * as imageForm from "~/routes/admin/images/form";
import * as postForm from "~/routes/admin/posts/form";
import type { ActionResult } from "~/shared/action-result";
import { MAX_DOCUMENT_BYTES } from "~/shared/documents";
import { LONG_TEXT_MAX_LENGTH } from "~/shared/form-limits";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from "~/shared/image-rules";
import { type BodyCaps, FORM_CAPS } from "~/utils/body-caps.server";
import { getEnv } from "~/utils/env.server";
import { REQUEST_TOO_LARGE } from "~/utils/form-data.server";
import { createBodyLimits } from "../../server/body-limits";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, replyErrorsOf, statusOf } from "../support/route-calls";

// Issue 35 item 4, issue 40 item 4, decision 070: each route's body cap comes from its form's
// declared limits. The server in front (server/body-limits.ts) lets every upload form's
// largest body through and refuses one byte more; the actions answer a file over its field's
// limit beside that field, the other fields kept; a long text at its limit is saved.

const MULTIPART = "multipart/form-data; boundary=----rifq";
const MB = 1024 * 1024;

let editor: TestUser;
let server: http.Server;
let port: number;

beforeAll(async () => {
  editor = await createUser("editor");
  const app = express();
  app.use(createBodyLimits({ secret: getEnv().AUTH_SECRET }));
  app.use((req, res) => {
    req.on("end", () => res.send("read"));
    req.resume();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** What the server in front answers a body of `bytes` to `path`: its status and text. */
async function sendBody(path: string, bytes: number, contentType: string) {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": contentType, cookie: editor.cookie },
    body: new Uint8Array(bytes),
  });
  return { status: answer.status, text: await answer.text() };
}

const UPLOAD_FORMS: [string, string, BodyCaps][] = [
  ["a post (featured image)", "/admin/dashboard/posts/new", FORM_CAPS.post],
  ["an image placed in an article", "/admin/dashboard/posts/media", FORM_CAPS.inlineImage],
  ["a gallery image", "/admin/dashboard/images/0b7c/edit", FORM_CAPS.galleryImage],
  ["a page from blocks", "/admin/dashboard/pages/new", FORM_CAPS.page],
  ["a document", "/admin/dashboard/documents/new", FORM_CAPS.document],
  ["an event", "/admin/dashboard/events/0b7c/edit", FORM_CAPS.event],
  ["a card in a list", "/api/card-lists", FORM_CAPS.cardList],
];

describe("the server in front lets each upload form's largest body through, and no more", () => {
  test.each(UPLOAD_FORMS)("%s", async (_name, path, caps) => {
    expect(caps.maxFileBytes).toBeDefined();
    // Room for its file at twice its limit, so an oversized one reaches the form.
    expect(caps.maxBytes).toBeGreaterThan(2 * (caps.maxFileBytes ?? 0));
    expect(await sendBody(path, caps.maxBytes, MULTIPART)).toEqual({ status: 200, text: "read" });
    expect(await sendBody(path, caps.maxBytes + 1, MULTIPART)).toEqual({
      status: 413,
      text: REQUEST_TOO_LARGE,
    });
  });

  test("the campaign form: its 50,000 letters URL-encoded, and no more", async () => {
    const path = "/admin/dashboard/campaigns/new";
    const body = new URLSearchParams({ subject: "ن".repeat(200), body: "ن".repeat(50_000) });
    const encoded = body.toString().length;
    expect(encoded).toBeGreaterThan(256 * 1024); // what refused it before
    const urlencoded = "application/x-www-form-urlencoded";
    expect((await sendBody(path, encoded, urlencoded)).status).toBe(200);
    expect((await sendBody(path, FORM_CAPS.campaign.formBytes, urlencoded)).status).toBe(200);
    expect((await sendBody(path, FORM_CAPS.campaign.formBytes + 1, urlencoded)).status).toBe(413);
  });

  test("caps are the declared limits: 5 MB images, 20 MB documents, 50,000 letters", () => {
    expect(FORM_CAPS.event.maxFileBytes).toBe(MAX_IMAGE_BYTES);
    expect(FORM_CAPS.document.maxFileBytes).toBe(MAX_DOCUMENT_BYTES);
    expect(FORM_CAPS.campaign.formBytes).toBeGreaterThanOrEqual(LONG_TEXT_MAX_LENGTH * 9);
  });
});

/** A file of `bytes` bytes that is no image: only its size is looked at first. */
const fileOf = (bytes: number, name = "photo.jpg") =>
  new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });

const EVENT = {
  title: "لقاء الأسر الشهري",
  slug: "monthly-families-limits",
  description: "<p>لقاء مفتوح لأسر المستفيدين</p>",
  startsAt: "2027-03-10T17:00",
  endsAt: "2027-03-10T19:00",
  place: "مقر الجمعية، الدمام",
  capacity: "40",
  status: "draft",
};

describe("a file just under and just over its field's limit, the other fields kept", () => {
  test("an event's picture: 5 MB is looked at as an image; one byte more is «أقل من 5 ميجابايت»", async () => {
    const path = "/admin/dashboard/events/new";
    const atLimit = await call(
      eventForm.action,
      requestAs(editor, path, { form: { ...EVENT, image: fileOf(MAX_IMAGE_BYTES) } }),
    );
    expect(replyErrorsOf(atLimit).image).toEqual([NOT_AN_IMAGE]);
    const over = await call(
      eventForm.action,
      requestAs(editor, path, { form: { ...EVENT, image: fileOf(MAX_IMAGE_BYTES + 1) } }),
    );
    expect(statusOf(over)).toBe(400);
    expect(replyErrorsOf(over).image).toEqual([IMAGE_TOO_LARGE]);
    expect(dataOf<ActionResult>(over).reply?.initialValue).toMatchObject({
      title: EVENT.title,
      place: EVENT.place,
      capacity: "40",
    });
    // A 6 MB picture, which the old 256 KB cap refused before any field was read.
    const six = await call(
      eventForm.action,
      requestAs(editor, path, { form: { ...EVENT, image: fileOf(6 * MB) } }),
    );
    expect(replyErrorsOf(six).image).toEqual([IMAGE_TOO_LARGE]);
  });

  test("a gallery image and a post's featured image say the same beside their field", async () => {
    const image = await call(
      imageForm.action,
      requestAs(editor, "/admin/dashboard/images/new", {
        form: { title: "صورة كبيرة", image: fileOf(MAX_IMAGE_BYTES + 1) },
      }),
    );
    expect(replyErrorsOf(image).image).toEqual([IMAGE_TOO_LARGE]);
    expect(dataOf<ActionResult>(image).reply?.initialValue).toMatchObject({ title: "صورة كبيرة" });
    const post = await call(
      postForm.action,
      requestAs(editor, "/admin/dashboard/posts/new", {
        form: {
          title: "خبر بصورة كبيرة",
          slug: "large-featured-image",
          content: "<p>نص الخبر</p>",
          status: "draft",
          featuredImage: fileOf(MAX_IMAGE_BYTES + 1),
        },
      }),
    );
    expect(replyErrorsOf(post).featuredImage).toEqual([IMAGE_TOO_LARGE]);
    expect(dataOf<ActionResult>(post).reply?.initialValue).toMatchObject({
      title: "خبر بصورة كبيرة",
    });
  });

  test("a campaign body of 50,000 Arabic letters is saved; 50,001 is refused beside it", async () => {
    const path = "/admin/dashboard/campaigns/new";
    const urlencoded = (form: Record<string, string>) =>
      new Request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: {
          cookie: editor.cookie,
          origin: "http://localhost:3000",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(form).toString(),
      });
    const saved = await call(
      campaignForm.action,
      urlencoded({ subject: "رسالة طويلة", body: "ن".repeat(LONG_TEXT_MAX_LENGTH) }),
    );
    expect(statusOf(saved), JSON.stringify(replyErrorsOf(saved))).toBe(302);
    const over = await call(
      campaignForm.action,
      urlencoded({ subject: "رسالة أطول", body: "ن".repeat(LONG_TEXT_MAX_LENGTH + 1) }),
    );
    expect(statusOf(over)).toBe(400);
    expect(replyErrorsOf(over).body).toEqual(["نص الرسالة يجب ألا يزيد على 50,000 حرف"]);
  });
});
