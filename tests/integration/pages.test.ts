import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { createPublicChangeFilter } from "~/models/change-visibility.server";
import { createDocument } from "~/models/documents.server";
import { changeMenu, listInternalTargets } from "~/models/menus.server";
import {
  announceDuePages,
  createPage,
  deletePage,
  getPageForStaff,
  getPublishedPage,
  listPageReferrers,
  listPageRevisions,
  listPagesPageForStaff,
  PageHasReferrersError,
  type PageInput,
  restorePageRevision,
  updatePage,
} from "~/models/pages.server";
import { searchSite } from "~/models/search.server";
import { action as formAction, loader as formLoader } from "~/routes/admin/pages/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/pages/list";
import { action as restoreAction } from "~/routes/admin/pages/restore-revision";
import { loader as sitemapLoader } from "~/routes/resources/sitemap";
import * as pageRoute from "~/routes/site/page";
import { loader as publicLoader } from "~/routes/site/page";
import { buildSitemapPart } from "~/services/sitemap.server";
import { toRiyadhInput } from "~/shared/dates";
import { concerns } from "~/shared/live-event";
import { livePageAt } from "~/shared/live-page";
import { addEntry } from "~/shared/menus";
import { PAGE_MESSAGES } from "~/shared/page-blocks";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { setClockOffset } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import { NOT_AN_IMAGE } from "~/utils/image-upload.server";
import { forgetReads } from "~/utils/read-cache.server";
import { menus, pageRevisions, pages } from "../../database/schema";
import { bodyLimitFor } from "../../server/body-limits";
import { createStaff, requestAs, type TestUser } from "../support/accounts";
import { pngFile } from "../support/images";
import { pdfFile } from "../support/pdfs";
import { REFUSED_WITH } from "../support/refusals";
import { call, dataOf, replyErrorsOf, statusOf } from "../support/route-calls";
import { storedFiles } from "../support/uploads";

const LIST = "/admin/dashboard/pages";
const NEW = "/admin/dashboard/pages/new";

let editor: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ editor, viewer, admin } = await createStaff("محررة الصفحات"));
});
afterEach(() => setClockOffset(0));

let counter = 0;
const nextSlug = () => {
  counter += 1;
  return `صفحة-${counter}`;
};

function input(overrides: Partial<PageInput> = {}): PageInput {
  return {
    title: `حملة رمضان ${counter}`,
    slug: nextSlug(),
    blocks: [{ type: "text", html: "<p>نص الحملة.</p>" }],
    status: "draft",
    ...overrides,
  };
}

/** The page form's fields as a browser sends them, blocks flattened as Conform names them. */
function pageForm(fields: Record<string, string | Blob> = {}) {
  counter += 1;
  return {
    title: `صفحة من النموذج ${counter}`,
    slug: `صفحة-من-النموذج-${counter}`,
    status: "draft",
    "blocks[0].type": "text",
    "blocks[0].html": '<p>مرحباً <script>alert(1)</script><a href="/volunteer">تطوع</a></p>',
    ...fields,
  };
}

const publicCall = (slug: string) =>
  call(publicLoader, requestAs(null, `/p/${encodeURIComponent(slug)}`), { slug });

const rowCount = async () => (await db.select({ id: pages.id }).from(pages)).length;

describe("building a page through the form", () => {
  test("an editor saves text, image, cards, a button and a video; a draft is 404 to the public", async () => {
    const form = pageForm({
      "blocks[1].type": "image",
      "blocks[1].file": await pngFile(),
      "blocks[1].alt": "متطوعون مع كبار السن",
      "blocks[1].caption": "يوم الزيارة",
      "blocks[2].type": "cards",
      "blocks[2].heading": "ماذا نقدّم",
      "blocks[2].items[0].title": "زيارات منزلية",
      "blocks[2].items[0].text": "نزور كبارنا في بيوتهم.",
      "blocks[2].items[0].icon": "heart",
      "blocks[2].items[1].title": "برامج",
      "blocks[2].items[1].icon": "music",
      "blocks[2].items[1].link": "/services/programs",
      "blocks[3].type": "cta",
      "blocks[3].label": "سجّل متطوعاً",
      "blocks[3].href": "/volunteer",
      "blocks[4].type": "video",
      "blocks[4].youtubeId": "https://youtu.be/dQw4w9WgXcQ",
    });
    const result = await call(formAction, requestAs(editor, NEW, { form }));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("location")).toBe(LIST);

    const [row] = await db.select().from(pages).where(eq(pages.slug, form.slug));
    expect(row).toMatchObject({ title: form.title, status: "draft", authorId: editor.id });
    expect(row.blocks.map((block) => block.type)).toEqual([
      "text",
      "image",
      "cards",
      "cta",
      "video",
    ]);
    const [text, image, cards, cta, video] = row.blocks;
    // The one sanitizer: the script is gone, the link stays.
    expect(text).toEqual({
      type: "text",
      html: '<p>مرحباً <a href="/volunteer" rel="noopener noreferrer">تطوع</a></p>',
    });
    expect(image).toMatchObject({ alt: "متطوعون مع كبار السن", caption: "يوم الزيارة" });
    const src = (image as { src: string }).src;
    expect(src).toMatch(/^\/uploads\/pages\/\d{13}-[0-9a-f]{8}\.webp$/);
    expect(storedFiles()).toContain(src.replace("/uploads/", ""));
    expect(cards).toMatchObject({
      heading: "ماذا نقدّم",
      items: [
        { title: "زيارات منزلية", text: "نزور كبارنا في بيوتهم.", icon: "heart" },
        { title: "برامج", icon: "music", link: "/services/programs" },
      ],
    });
    expect(cta).toEqual({ type: "cta", label: "سجّل متطوعاً", href: "/volunteer" });
    expect(video).toMatchObject({ type: "video", youtubeId: "dQw4w9WgXcQ" });
    // One revision per save.
    expect(
      await db.select().from(pageRevisions).where(eq(pageRevisions.pageId, row.id)),
    ).toHaveLength(1);

    // A draft: the public gets a 404, staff see it in their list.
    expect(statusOf(await publicCall(form.slug))).toBe(404);
    expect(await getPublishedPage(form.slug)).toBeNull();
    const list = dataOf<{ pages: { title: string }[] }>(
      await call(listLoader, requestAs(editor, `${LIST}?q=${encodeURIComponent("زيارات منزلية")}`)),
    );
    expect(list.pages.map((page) => page.title)).toEqual([form.title]);
  });

  test("bad input answers Arabic messages beside its fields and stores nothing", async () => {
    const before = await rowCount();
    const result = await call(
      formAction,
      requestAs(editor, NEW, {
        form: {
          title: " ",
          slug: "؟؟",
          "blocks[0].type": "cta",
          "blocks[0].label": "",
          "blocks[0].href": "javascript:alert(1)",
          "blocks[1].type": "video",
          "blocks[1].youtubeId": "ليس فيديو",
          "blocks[2].type": "image",
          "blocks[2].alt": "صورة",
          "blocks[3].type": "cards",
          "blocks[3].items[0].title": "بطاقة",
          "blocks[3].items[0].icon": "skull",
          "blocks[4].type": "marquee",
        },
      }),
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result)).toMatchObject({
      title: [PAGE_MESSAGES.titleRequired],
      slug: [PAGE_MESSAGES.slugRequired],
      "blocks[0].label": [PAGE_MESSAGES.ctaTextRequired],
      "blocks[0].href": [PAGE_MESSAGES.linkInvalid],
      "blocks[1].youtubeId": [PAGE_MESSAGES.videoInvalid],
      "blocks[2].file": [PAGE_MESSAGES.imageRequired],
      "blocks[3].items[0].icon": [PAGE_MESSAGES.iconInvalid],
      "blocks[4].type": [PAGE_MESSAGES.unknownBlock],
    });

    const empty = await call(
      formAction,
      requestAs(editor, NEW, { form: { title: "صفحة فارغة", slug: "فارغة" } }),
    );
    expect(statusOf(empty)).toBe(400);
    expect(replyErrorsOf(empty).blocks).toEqual([PAGE_MESSAGES.noBlocks]);

    const fake = new File(["نص وليس صورة"], "photo.png", { type: "image/png" });
    const notImage = await call(
      formAction,
      requestAs(editor, NEW, {
        form: pageForm({
          "blocks[1].type": "image",
          "blocks[1].file": fake,
          "blocks[1].alt": "صورة",
        }),
      }),
    );
    expect(statusOf(notImage)).toBe(400);
    expect(replyErrorsOf(notImage)["blocks[1].file"]).toEqual([NOT_AN_IMAGE]);

    // Markup that sanitizes to nothing is no text at all.
    const scriptOnly = await call(
      formAction,
      requestAs(editor, NEW, { form: pageForm({ "blocks[0].html": "<script>x</script>" }) }),
    );
    expect(statusOf(scriptOnly)).toBe(400);
    expect(replyErrorsOf(scriptOnly)["blocks[0].html"]).toEqual([PAGE_MESSAGES.textRequired]);

    // Another page's address is taken.
    const taken = await createPage(editor, input());
    const clash = await call(
      formAction,
      requestAs(editor, NEW, { form: pageForm({ slug: taken.slug }) }),
    );
    expect(statusOf(clash)).toBe(409);
    expect(replyErrorsOf(clash).slug).toEqual([PAGE_MESSAGES.slugTaken]);

    expect(await rowCount()).toBe(before + 1);
  });

  test("without JavaScript, «add a block» sends the form back with one more block, saving nothing", async () => {
    const before = await rowCount();
    const result = await call(
      formAction,
      requestAs(editor, NEW, {
        form: {
          ...pageForm(),
          __intent__: JSON.stringify({
            type: "insert",
            payload: { name: "blocks", defaultValue: { type: "cta" } },
          }),
        },
      }),
    );
    const reply = dataOf<{ reply: { initialValue: { blocks: { type: string }[] } } }>(result).reply;
    expect(reply.initialValue.blocks.map((block) => block.type)).toEqual(["text", "cta"]);
    expect(await rowCount()).toBe(before);
  });
});

test("the page form may carry an image as large as the posts' forms", () => {
  for (const path of ["/admin/dashboard/pages/new", "/admin/dashboard/pages/0b7c/edit.data"]) {
    expect(bodyLimitFor(path, "multipart/form-data; boundary=x"), path).toEqual({
      maxBytes: FORM_CAPS.page.maxBytes,
      staffOnly: true,
    });
  }
});

describe("publishing, scheduling and the public page", () => {
  test("a published page is public, in the sitemap, with its search-engine fields", async () => {
    const page = await createPage(
      editor,
      input({ status: "published", metaTitle: "حملة الخير", metaDescription: "وصف الحملة" }),
    );
    const answer = dataOf<{ page: { title: string }; description: string; blocks: unknown[] }>(
      await publicCall(page.slug),
    );
    expect(answer.page.title).toBe(page.title);
    expect(answer.description).toBe("وصف الحملة");
    expect(answer.blocks).toEqual([
      { type: "text", parts: [{ kind: "html", html: "<p>نص الحملة.</p>" }] },
    ]);

    // The sitemap's index names the pages' part, which lists the published page only.
    const index = await (
      (await call(sitemapLoader, requestAs(null, "/sitemap.xml"))) as Response
    ).text();
    expect(index).toContain("/sitemap/built-1.xml");
    const part = async () => (await buildSitemapPart("https://rifq.example", "built-1.xml")) ?? "";
    expect(await part()).toContain(`/p/${encodeURIComponent(page.slug)}`);
    const draft = await createPage(editor, input());
    expect(await part()).not.toContain(encodeURIComponent(draft.slug));
  });

  test("a scheduled page stays hidden until it is due, then is announced and shown", async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const form = pageForm({ status: "published", publishAt: toRiyadhInput(at) });
    expect(statusOf(await call(formAction, requestAs(editor, NEW, { form })))).toBe(302);
    expect(statusOf(await publicCall(form.slug))).toBe(404);
    const loaded = dataOf<{ scheduledFor: Date | null }>(
      await call(formLoader, requestAs(editor, "/x"), {
        id: (await db.select().from(pages).where(eq(pages.slug, form.slug)))[0].id,
      }),
    );
    expect(loaded.scheduledFor).not.toBeNull();

    setClockOffset(2 * 60 * 60_000);
    expect(
      await announceDuePages(new Date(Date.now()), new Date(Date.now() + 3 * 60 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(statusOf(await publicCall(form.slug))).toBe(200);
  });

  test("a changed address answers 301 from the old one; a new page cannot take the old one", async () => {
    const page = await createPage(editor, input({ status: "published" }));
    const current = await getPageForStaff(editor, page.id);
    await updatePage(
      editor,
      page.id,
      { ...input({ status: "published" }), slug: "عنوان-جديد" },
      current?.updatedAt.toISOString(),
    );
    const moved = await publicCall(page.slug);
    expect(statusOf(moved)).toBe(301);
    expect((moved as Response).headers.get("location")).toBe(
      `/p/${encodeURIComponent("عنوان-جديد")}`,
    );
    expect(statusOf(await publicCall("عنوان-جديد"))).toBe(200);
    await expect(createPage(editor, input({ slug: page.slug }))).rejects.toThrow(
      PAGE_MESSAGES.slugTaken,
    );
  });
});

describe("live updates", () => {
  test("the public stream hears a page's change only when it is or was published and due", async () => {
    const filter = createPublicChangeFilter();
    await filter.reload();
    const change = (key: string, op: "INSERT" | "UPDATE" | "DELETE" = "UPDATE") =>
      filter.toPublic({ table: "pages", op, key });
    const draft = await createPage(editor, input());
    expect(await change(draft.id, "INSERT")).toBeNull();
    const later = await createPage(
      editor,
      input({ status: "published", publishAt: new Date(Date.now() + 60 * 60_000) }),
    );
    expect(await change(later.id, "INSERT")).toBeNull();
    const shown = await createPage(editor, input({ status: "published" }));
    // The table only: never the row's key or the operation.
    expect(await change(shown.id, "INSERT")).toEqual({ table: "pages" });
    await deletePage(admin, shown.id);
    expect(await change(shown.id, "DELETE")).toEqual({ table: "pages" });
  });

  test("the page route declares the pages list, so cached copies clear when a page changes", () => {
    expect(pageRoute.handle.liveLists).toEqual(["pages", "documents"]);
    expect(concerns({ table: "pages" }, livePageAt("/p/any", ["pages"]))).toBe(true);
    expect(concerns({ table: "pages" }, livePageAt("/about", []))).toBe(false);
  });
});

describe("the site search", () => {
  test("finds published pages by their texts however Arabic is typed; never a draft", async () => {
    const shown = await createPage(
      editor,
      input({
        title: "مبادرة الشتاء الدافئ",
        status: "published",
        blocks: [{ type: "text", html: "<p>توزيع البطانيات على كبار السن في القطيف.</p>" }],
      }),
    );
    await createPage(
      editor,
      input({
        title: "مسودة الشتاء الدافئ",
        blocks: [{ type: "text", html: "<p>توزيع البطانيات سراً.</p>" }],
      }),
    );
    const found = await searchSite("البطانيات القطيف", 1);
    expect(found.items.map((item) => [item.kind, item.title, item.href])).toEqual([
      ["built", "مبادرة الشتاء الدافئ", `/p/${encodeURIComponent(shown.slug)}`],
    ]);
    // Without the article and with «ه» for «ة»: the same page.
    const loose = await searchSite("مبادره الشتاء", 1);
    expect(loose.items.map((item) => item.title)).toEqual(["مبادرة الشتاء الدافئ"]);
  });
});

describe("revisions", () => {
  test("every save is kept; restoring puts the title and blocks back", async () => {
    const page = await createPage(editor, input({ title: "النسخة الأولى" }));
    const current = await getPageForStaff(editor, page.id);
    await updatePage(
      editor,
      page.id,
      {
        ...input({ title: "النسخة الثانية" }),
        slug: page.slug,
        blocks: [{ type: "cta", label: "تبرع", href: "/donate" }],
      },
      current?.updatedAt.toISOString(),
    );
    const revisions = await listPageRevisions(editor, page.id);
    expect(revisions.map((revision) => revision.title)).toEqual([
      "النسخة الثانية",
      "النسخة الأولى",
    ]);

    const first = revisions[1];
    const result = await call(
      restoreAction,
      requestAs(editor, `${LIST}/${page.id}/revisions/${first.id}/restore`, { method: "POST" }),
      { id: page.id, revisionId: first.id },
    );
    expect(statusOf(result)).toBe(302);
    const restored = await getPageForStaff(editor, page.id);
    expect(restored?.title).toBe("النسخة الأولى");
    expect(restored?.blocks).toEqual([{ type: "text", html: "<p>نص الحملة.</p>" }]);
    expect(await listPageRevisions(editor, page.id)).toHaveLength(3);

    // A viewer may not restore.
    const refused = await call(
      restoreAction,
      requestAs(viewer, `${LIST}/${page.id}/revisions/${first.id}/restore`, { method: "POST" }),
      { id: page.id, revisionId: first.id },
    );
    expect(statusOf(refused)).toBe(403);
    await expect(restorePageRevision(viewer, page.id, first.id)).rejects.toThrow(REFUSED_WITH[403]);
  });
});

describe("deleting", () => {
  test("deleting a page another page links to asks first and says where", async () => {
    const target = await createPage(editor, input({ title: "صفحة الهدف", status: "published" }));
    const linking = await createPage(
      editor,
      input({
        title: "صفحة تربط",
        blocks: [{ type: "cta", label: "اذهب", href: `/p/${encodeURIComponent(target.slug)}` }],
      }),
    );
    const linkingByText = await createPage(
      editor,
      input({
        title: "نص يربط",
        blocks: [{ type: "text", html: `<p><a href="/p/${target.slug}">هنا</a></p>` }],
      }),
    );
    const referrers = await listPageReferrers(editor, target.id);
    expect(referrers.map((r) => r.title).sort()).toEqual(["صفحة تربط", "نص يربط"].sort());
    expect(referrers[0]).toMatchObject({ kind: "صفحة" });
    expect(referrers.map((r) => r.editUrl)).toContain(`${LIST}/${linking.id}/edit`);
    expect(referrers.map((r) => r.editUrl)).toContain(`${LIST}/${linkingByText.id}/edit`);

    await expect(deletePage(admin, target.id)).rejects.toBeInstanceOf(PageHasReferrersError);

    // The list asks (a plain form post), then deletes when confirmed.
    const asked = dataOf<{ ask: { title: string; referrers: { title: string }[] } }>(
      await call(
        listAction,
        requestAs(admin, LIST, { form: { intent: "ask-delete", id: target.id } }),
      ),
    );
    expect(asked.ask.title).toBe("صفحة الهدف");
    expect(asked.ask.referrers).toHaveLength(2);
    const unconfirmed = await call(
      listAction,
      requestAs(admin, LIST, { form: { intent: "delete", id: target.id } }),
    );
    expect(statusOf(unconfirmed)).toBe(409);
    expect(await getPageForStaff(admin, target.id)).not.toBeNull();

    const done = await call(
      listAction,
      requestAs(admin, LIST, { form: { intent: "delete", id: target.id, confirmed: "1" } }),
    );
    expect(statusOf(done)).toBe(200);
    expect(await getPageForStaff(admin, target.id)).toBeNull();
    expect(statusOf(await publicCall(target.slug))).toBe(404);
  });

  test("a documents block lists the library's published documents of its category, never a hidden one", async () => {
    await createDocument(
      editor,
      { title: "التقرير السنوي للصفحة", category: "reports", year: 2025, status: "published" },
      await pdfFile(),
    );
    await createDocument(
      editor,
      {
        title: "مسودة قائمة مالية",
        category: "financial-statements",
        year: 2025,
        status: "hidden",
      },
      await pdfFile(),
    );
    const page = await createPage(
      editor,
      input({
        status: "published",
        blocks: [
          { type: "documents", heading: "تقاريرنا", category: "reports" },
          { type: "documents", category: "all" },
        ],
      }),
    );
    const shown = dataOf<{ blocks: { type: string; documents?: { title: string }[] }[] }>(
      await publicCall(page.slug),
    );
    const titles = (index: number) => shown.blocks[index]?.documents?.map((d) => d.title) ?? [];
    expect(titles(0)).toEqual(["التقرير السنوي للصفحة"]);
    expect(titles(1)).toContain("التقرير السنوي للصفحة");
    expect(titles(1)).not.toContain("مسودة قائمة مالية");
    // A page listing documents re-reads when one is published or hidden.
    expect(pageRoute.handle.liveLists).toContain("documents");

    // A category the library does not have is refused in Arabic, in the one pass of the form.
    const refused = await call(
      formAction,
      requestAs(editor, NEW, {
        form: pageForm({ "blocks[0].type": "documents", "blocks[0].category": "minutes" }),
      }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(JSON.stringify(replyErrorsOf(refused))).toContain(
      PAGE_MESSAGES.documentsCategoryInvalid,
    );
  });

  test("deleting a page a menu item leads to asks first and names the item", async () => {
    const target = await createPage(editor, input({ title: "حملة الشتاء", status: "published" }));
    // The menus screen offers the published page among its targets.
    expect(await listInternalTargets()).toContainEqual({
      title: "حملة الشتاء",
      path: `/p/${target.slug}`,
    });
    await changeMenu(admin, "header", (entries) =>
      addEntry(entries, "header", {
        label: "حملة الشتاء",
        parentId: "menu-services",
        href: `/p/${target.slug}`,
      }),
    );
    try {
      const referrers = await listPageReferrers(editor, target.id);
      expect(referrers).toContainEqual({
        kind: "القائمة",
        title: "القائمة الرئيسية › خدماتنا › حملة الشتاء",
        editUrl: "/admin/dashboard/menus",
      });
      await expect(deletePage(admin, target.id)).rejects.toBeInstanceOf(PageHasReferrersError);
    } finally {
      await db.delete(menus);
      forgetReads();
    }
  });

  test("a page nobody links to is deleted with its uploaded images", async () => {
    const page = await createPage(editor, {
      ...input(),
      blocks: [{ type: "image", alt: "صورة", file: await pngFile() }],
    });
    const src = (page.blocks[0] as { src: string }).src;
    expect(storedFiles()).toContain(src.replace("/uploads/", ""));
    await deletePage(admin, page.id);
    expect(storedFiles()).not.toContain(src.replace("/uploads/", ""));
  });
});

describe("who may", () => {
  test("viewers and visitors are refused every read and write; editors may not delete", async () => {
    const page = await createPage(editor, input());
    const before = await rowCount();
    for (const [user, status] of [
      [viewer, 403],
      [null, 401],
    ] as const) {
      // A visitor's pages go to the sign-in; a viewer's are the 403 screen.
      const read = user ? 403 : 302;
      const create = await call(formAction, requestAs(user, NEW, { form: pageForm() }));
      expect(statusOf(create)).toBe(status);
      expect(statusOf(await call(listLoader, requestAs(user, LIST)))).toBe(read);
      const edit = await call(formLoader, requestAs(user, `${LIST}/${page.id}/edit`), {
        id: page.id,
      });
      expect(statusOf(edit)).toBe(read);
      const ask = await call(
        listAction,
        requestAs(user, LIST, { form: { intent: "ask-delete", id: page.id } }),
      );
      expect(statusOf(ask)).toBe(status);
      await expect(createPage(user, input())).rejects.toThrow(REFUSED_WITH[status]);
      await expect(listPagesPageForStaff(user, { page: 1 })).rejects.toThrow(REFUSED_WITH[status]);
    }
    expect(await rowCount()).toBe(before);
    const byEditor = await call(
      listAction,
      requestAs(editor, LIST, { form: { intent: "delete", id: page.id, confirmed: "1" } }),
    );
    expect(statusOf(byEditor)).toBe(403);
    await expect(deletePage(editor, page.id)).rejects.toThrow(REFUSED_WITH[403]);
    expect(await getPageForStaff(admin, page.id)).not.toBeNull();
  });
});
