import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { deleteExpiredSubscriptions, listSubscribersForStaff } from "~/models/newsletter.server";
import * as subscribersRoute from "~/routes/admin/outreach/subscribers";
import * as subscribersExportRoute from "~/routes/admin/outreach/subscribers-export";
import * as newsRoute from "~/routes/site/news";
import * as confirmRoute from "~/routes/site/newsletter-confirm";
import * as unsubscribeRoute from "~/routes/site/newsletter-unsubscribe";
import { db } from "~/utils/db.server";
import { newsletterSubscribers } from "../../database/schema";
import { createUser, requestAs } from "../support/accounts";
import { postFrom, withRateLimits } from "../support/outreach";
import { call, dataOf, headersOf, readOutbox, statusOf } from "../support/route-calls";

let address = 0;
const nextClient = () => `203.0.113.${++address}`;
const subscribe = (email: string, extra: Record<string, string> = {}, client = nextClient()) =>
  call(newsRoute.action, postFrom(client, "/media/news", { email, ...extra }));
const rows = () => db.select().from(newsletterSubscribers);
const mailsTo = (email: string) => readOutbox().filter((mail) => mail.to === email);
const linkIn = (text: string, kind: "confirm" | "unsubscribe") =>
  new URL(text.match(new RegExp(`https?://\\S+/newsletter/${kind}\\?token=\\S+`))?.[0] ?? "");
type Reply = { reply: { error?: Record<string, string[]> } };

beforeEach(async () => {
  await db.delete(newsletterSubscribers);
});

describe("subscribing with double opt-in", () => {
  test("an address gets a confirmation link and counts only once confirmed", async () => {
    const result = await subscribe(" Reader@Example.test ");
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("location")).toContain("newsletter=sent");
    const [mail] = mailsTo("reader@example.test");
    expect(mail.subject).toBe("أكّد اشتراكك في نشرة جمعية رفق");
    const admin = await createUser("admin");
    expect((await listSubscribersForStaff(admin)).confirmed.items).toHaveLength(0);

    // Opening the link confirms nobody: the visitor presses the button.
    const confirm = linkIn(mail.text, "confirm");
    const page = await call(
      confirmRoute.loader,
      requestAs(null, `${confirm.pathname}${confirm.search}`),
    );
    expect(page).toMatchObject({ confirmed: false });
    expect((await rows())[0].confirmedAt).toBeNull();
    const token = confirm.searchParams.get("token") ?? "";
    const pressed = await call(
      confirmRoute.action,
      postFrom(nextClient(), confirm.pathname, { token }),
    );
    expect(headersOf(pressed).get("location")).toBe("/newsletter/confirm?done=1");
    const listed = await listSubscribersForStaff(admin);
    expect(listed.confirmed.items.map((row) => row.email)).toEqual(["reader@example.test"]);
    expect(listed.pendingCount).toBe(0);

    // Opening the other link (as a mail scanner does) removes nobody: the page's button does.
    const unsubscribe = linkIn(mail.text, "unsubscribe");
    const opened = await call(
      unsubscribeRoute.loader,
      requestAs(null, `${unsubscribe.pathname}${unsubscribe.search}`),
    );
    expect(opened).toEqual({ token: unsubscribe.searchParams.get("token") });
    expect(await rows()).toHaveLength(1);
    const left = await call(
      unsubscribeRoute.action,
      postFrom(nextClient(), unsubscribe.pathname, {
        token: unsubscribe.searchParams.get("token") ?? "",
      }),
    );
    expect(dataOf(left)).toEqual({ ok: true });
    expect(await rows()).toHaveLength(0);
  });

  test("a mail scanner opening the links of the confirmation e-mail neither confirms nor removes the pending address", async () => {
    await subscribe("scanned@example.test");
    const [mail] = mailsTo("scanned@example.test");
    for (const link of [linkIn(mail.text, "confirm"), linkIn(mail.text, "unsubscribe")]) {
      const route = link.pathname.endsWith("confirm") ? confirmRoute : unsubscribeRoute;
      await call(route.loader, requestAs(null, `${link.pathname}${link.search}`));
    }
    const [row] = await rows();
    expect(row).toMatchObject({ email: "scanned@example.test", confirmedAt: null });
  });

  test("a mail app's RFC 8058 one-click POST to the link itself unsubscribes", async () => {
    await subscribe("oneclick@example.test");
    const [mail] = mailsTo("oneclick@example.test");
    const link = linkIn(mail.text, "unsubscribe");
    const oneClick = postFrom(nextClient(), `${link.pathname}${link.search}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(dataOf(await call(unsubscribeRoute.action, oneClick))).toEqual({ ok: true });
    expect(await rows()).toHaveLength(0);
  });

  test("no duplicates: a second request keeps one row, a confirmed address gets no mail", async () => {
    await subscribe("twice@example.test");
    await subscribe("TWICE@example.test");
    expect(await rows()).toHaveLength(1);
    expect(mailsTo("twice@example.test")).toHaveLength(2);
    // Only the newest link works.
    const [first, second] = mailsTo("twice@example.test");
    const tokenOf = (text: string) => linkIn(text, "confirm").searchParams.get("token") ?? "";
    const stale = await call(
      confirmRoute.action,
      postFrom(nextClient(), "/newsletter/confirm", { token: tokenOf(first.text) }),
    );
    expect(statusOf(stale)).toBe(400);
    expect(dataOf(stale)).toEqual({ ok: false, message: confirmRoute.LINK_INVALID });
    await call(
      confirmRoute.action,
      postFrom(nextClient(), "/newsletter/confirm", { token: tokenOf(second.text) }),
    );
    await subscribe("twice@example.test");
    expect(mailsTo("twice@example.test")).toHaveLength(2);
    expect(await rows()).toHaveLength(1);
  });

  test.each([
    ["", "البريد الإلكتروني مطلوب"],
    ["not-an-address", "البريد الإلكتروني غير صحيح"],
    [`${"a".repeat(250)}@example.test`, "البريد الإلكتروني غير صحيح"],
  ])("%s is refused with its Arabic message, nothing stored", async (email, message) => {
    const result = await subscribe(email);
    expect(statusOf(result)).toBe(400);
    expect(dataOf<Reply>(result).reply.error?.email).toEqual([message]);
    expect(await rows()).toHaveLength(0);
  });

  test("the honeypot is answered as a success, and nothing is stored or sent", async () => {
    const result = await subscribe("robot@example.test", { website: "x" });
    expect(statusOf(result)).toBe(302);
    expect(await rows()).toHaveLength(0);
    expect(mailsTo("robot@example.test")).toHaveLength(0);
  });

  test("a flood from one client is limited", async () => {
    await withRateLimits(async () => {
      const client = nextClient();
      for (let i = 0; i < 5; i++) await subscribe(`flood${i}@example.test`, {}, client);
      const refused = (await subscribe("flood-last@example.test", {}, client)) as Response;
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("محاولات كثيرة");
    });
    expect(await rows()).toHaveLength(5);
  });

  test("an admin removes an address on request; an editor may not", async () => {
    await subscribe("asked@example.test");
    const [row] = await rows();
    const form = { intent: "delete", id: row.id };
    const path = "/admin/dashboard/subscribers";
    const editor = await createUser("editor");
    expect(statusOf(await call(subscribersRoute.action, requestAs(editor, path, { form })))).toBe(
      403,
    );
    const admin = await createUser("admin");
    expect(dataOf(await call(subscribersRoute.action, requestAs(admin, path, { form })))).toEqual({
      ok: true,
    });
    expect(await rows()).toHaveLength(0);
  });

  test("a wrong token confirms and removes nothing", async () => {
    await subscribe("keep@example.test");
    const bad = await call(
      confirmRoute.action,
      postFrom(nextClient(), "/newsletter/confirm", { token: "x".repeat(32) }),
    );
    expect(statusOf(bad)).toBe(400);
    await call(
      unsubscribeRoute.action,
      postFrom(nextClient(), "/newsletter/unsubscribe?token=%27%20or%201=1", {
        "List-Unsubscribe": "One-Click",
      }),
    );
    expect(await rows()).toHaveLength(1);
  });

  test("unconfirmed addresses are forgotten after a week; the CSV lists confirmed ones", async () => {
    await subscribe("old@example.test");
    await subscribe("fresh@example.test");
    await db
      .update(newsletterSubscribers)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(newsletterSubscribers.email, "old@example.test"));
    expect(await deleteExpiredSubscriptions()).toBe(1);
    await db.update(newsletterSubscribers).set({ confirmedAt: new Date() });
    const editor = await createUser("editor");
    const csv = (await call(
      subscribersExportRoute.loader,
      requestAs(editor, "/admin/dashboard/subscribers/export"),
    )) as Response;
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('"fresh@example.test"');
    expect(text).not.toContain("old@example.test");
  });
});
