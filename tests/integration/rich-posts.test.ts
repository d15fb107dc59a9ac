import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { getAutosave, listPostRevisions, saveAutosave } from "~/models/post-revisions.server";
import {
  createPost,
  getPublishedPost,
  listPostsPageForStaff,
  listPublishedPosts,
  PostEditConflictError,
  type PostInput,
  updatePost,
} from "~/models/posts.server";
import { announceDuePosts } from "~/models/scheduled-posts.server";
import { action as autosaveAction } from "~/routes/admin/posts/autosave";
import { action as formAction } from "~/routes/admin/posts/form";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/posts/media";
import { SHARE_IMAGE_NOT_OURS } from "~/routes/admin/posts/post-schema";
import { action as restoreAction } from "~/routes/admin/posts/restore-revision";
import { loader as newsPostLoader } from "~/routes/site/news-post";
import { buildNewsFeed, buildRobots } from "~/services/news-feed.server";
import { buildSitemapPart } from "~/services/sitemap.server";
import { setClockOffset } from "~/utils/clock.server";
import { CHANGES_CHANNEL, db, getDatabaseHandle } from "~/utils/db.server";
import { createPreviewToken } from "~/utils/preview-token.server";
import { htmlToPlainText, sanitizePostHtml, toPostHtml } from "~/utils/rich-text.server";
import { images, posts } from "../../database/schema";
import { WORD_PASTE, WORD_PASTE_CLEAN } from "../fixtures/word-paste";
import { createStaff, requestAs, type TestUser } from "../support/accounts";
import { pngFile } from "../support/images";
import { call, dataOf, replyErrorsOf, statusOf } from "../support/route-calls";
import { parseXml } from "../support/xml";
import { expectHarmless, XSS_CORPUS } from "../support/xss";

/** The first page of the staff posts list (this file holds fewer posts than a page). */
const staffPosts = async (
  actor: Parameters<typeof listPostsPageForStaff>[0],
  filters: Omit<Parameters<typeof listPostsPageForStaff>[1], "page"> = {},
) => (await listPostsPageForStaff(actor, { ...filters, page: 1 })).items;

let editor: TestUser;
let otherEditor: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  ({ editor, otherEditor, viewer } = await createStaff("كاتبة الأخبار"));
});

afterEach(() => setClockOffset(0));

let counter = 0;
function postInput(overrides: Partial<PostInput> = {}): PostInput {
  counter += 1;
  return {
    title: `مقال غني ${counter}`,
    slug: `rich-${counter}`,
    excerpt: null,
    content: "<p>نص</p>",
    categoryId: null,
    status: "draft",
    ...overrides,
  };
}

describe("the one allowlist (save and render)", () => {
  test("keeps what the editor makes", () => {
    const html =
      '<h2>عنوان</h2><h3 dir="ltr">Sub</h3><p>نص <strong>غامق</strong> و<em>مائل</em> ' +
      '<a href="https://rifq.org.sa/x">رابط</a></p><ul><li>أ</li></ul><ol><li>ب</li></ol>' +
      "<blockquote><p>اقتباس</p></blockquote><hr />" +
      '<figure><img src="/uploads/posts/1-a.webp" alt="وصف" /><figcaption>تعليق</figcaption></figure>' +
      '<div data-youtube-id="dQw4w9WgXcQ"></div>';
    expect(sanitizePostHtml(html)).toBe(
      html.replace(
        'href="https://rifq.org.sa/x"',
        'href="https://rifq.org.sa/x" rel="noopener noreferrer"',
      ),
    );
  });

  test.each(XSS_CORPUS)("makes %s harmless", (dirty) => {
    const clean = sanitizePostHtml(dirty);
    expectHarmless(clean);
    // Sanitizing is stable: render-time sanitizing of stored HTML changes nothing.
    expect(sanitizePostHtml(clean)).toBe(clean);
  });

  test("images must be our uploads with alt text; videos must be real ids", () => {
    expect(sanitizePostHtml('<img src="https://other.example/a.png" alt="x">')).toBe("");
    expect(sanitizePostHtml('<img src="/uploads/posts/a.webp">')).toBe("");
    expect(sanitizePostHtml('<div data-youtube-id="not-an-id"></div>')).toBe("");
  });

  test("Word and Google Docs markup is reduced to the allowed set, keeping the words", () => {
    // Line breaks between Word's blocks stay as harmless whitespace.
    const clean = sanitizePostHtml(WORD_PASTE).replace(/\s*\n\s*/g, "");
    expect(clean).toBe(WORD_PASTE_CLEAN);
  });

  test("plain text (the no-script textarea) becomes paragraphs, escaped", () => {
    expect(toPostHtml('سطر <أول> & "ثان"\r\n\r\nسطر ثالث')).toBe(
      "<p>سطر &lt;أول&gt; &amp; &quot;ثان&quot;</p><p>سطر ثالث</p>",
    );
    expect(htmlToPlainText("<h2>عنوان</h2><p>أ &amp; ب</p><ul><li>ج</li></ul>")).toBe(
      "عنوان\nأ & ب\nج",
    );
  });
});

describe("saving through the form", () => {
  test("an XSS corpus sent straight to the action is stored and rendered harmless", async () => {
    const slug = "xss-corpus";
    const content = `<p>مقدمة</p>${XSS_CORPUS.join("")}`;
    const result = await call(
      formAction,
      requestAs(editor, "/admin/dashboard/posts/new", {
        form: { title: "مقال الاختبار", slug, content, status: "published" },
      }),
    );
    expect(statusOf(result)).toBe(302);
    const [row] = await db.select().from(posts).where(eq(posts.slug, slug));
    expectHarmless(row.content);
    expect(row.content).toContain("<p>مقدمة</p>");
    const page = dataOf<{ parts: { kind: string; html?: string }[] }>(
      await call(newsPostLoader, requestAs(null, `/media/news/${slug}`), { slug }),
    );
    for (const part of page.parts) if (part.html) expectHarmless(part.html);
  });

  test("markup that sanitizes to nothing is no content", async () => {
    const result = await call(
      formAction,
      requestAs(editor, "/admin/dashboard/posts/new", {
        form: { title: "فارغ", slug: "empty-after-clean", content: "<script>x</script>" },
      }),
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result).content).toEqual(["محتوى المقال مطلوب"]);
  });

  test("cards, tags and search use the plain text, never the markup", async () => {
    await createPost(
      editor,
      postInput({
        slug: "plain-text-card",
        status: "published",
        content: '<h2>افتتاح</h2><p><strong>المركز</strong> <a href="https://a.sa">النهاري</a></p>',
      }),
    );
    const card = (await listPublishedPosts()).find((post) => post.slug === "plain-text-card");
    expect(card?.content).toBe("افتتاح\nالمركز النهاري");
    expect(await staffPosts(editor, { q: "strong" })).toEqual([]);
    expect((await staffPosts(editor, { q: "النهاري" })).map((p) => p.slug)).toContain(
      "plain-text-card",
    );
  });
});

describe("the migration to HTML", () => {
  test("turns plain-text posts into <p> paragraphs without losing a character", async () => {
    const migration = readFileSync("database/migrations/0007_rich_posts.sql", "utf8");
    const conversion = migration.split("--> statement-breakpoint").at(-1) ?? "";
    const original = '  أول سطر & <وسم> "اقتباس"\r\n\r\n\tسطر ثان  \n\n\nثالث';
    const [row] = await db
      .insert(posts)
      .values({ title: "قديم", slug: "legacy-plain", content: original })
      .returning({ id: posts.id });
    await db.execute(sql.raw(conversion));
    const [converted] = await db.select().from(posts).where(eq(posts.id, row.id));
    expect(converted.content).toBe(
      "<p>أول سطر &amp; &lt;وسم&gt; &quot;اقتباس&quot;</p><p>سطر ثان</p><p>ثالث</p>",
    );
    // The same HTML the app itself makes of that text, and its text is the same paragraphs.
    expect(converted.content).toBe(toPostHtml(original));
    expect(htmlToPlainText(converted.content)).toBe('أول سطر & <وسم> "اقتباس"\nسطر ثان\nثالث');
    expect(converted.contentText).toBe(htmlToPlainText(converted.content));
  });
});

describe("scheduled publishing", () => {
  test("a post scheduled ahead stays hidden until the clock reaches it, then is announced", async () => {
    const at = new Date(Date.now() + 2 * 60_000);
    const { id } = await createPost(
      editor,
      postInput({ slug: "scheduled", status: "published", publishAt: at }),
    );
    const publicSlugs = async () => (await listPublishedPosts()).map((post) => post.slug);
    expect(await publicSlugs()).not.toContain("scheduled");
    expect(await getPublishedPost("scheduled")).toBeNull();
    expect(await buildSitemapPart("https://rifq.example", "posts-1.xml")).not.toContain(
      "scheduled",
    );

    const heard: string[] = [];
    const stop = getDatabaseHandle().listen(CHANGES_CHANNEL, { onPayload: (p) => heard.push(p) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await announceDuePosts(new Date(), new Date(Date.now() + 60_000))).toBe(0);

    setClockOffset(3 * 60_000);
    expect(await publicSlugs()).toContain("scheduled");
    expect(await announceDuePosts(new Date(), new Date(Date.now() + 3 * 60_000))).toBe(1);
    await expect.poll(() => heard.map((p) => JSON.parse(p).key)).toContain(id);
    await stop();
  });

  test("the form takes Riyadh time", async () => {
    const result = await call(
      formAction,
      requestAs(editor, "/admin/dashboard/posts/new", {
        form: {
          title: "موعد",
          slug: "riyadh-time",
          content: "نص",
          status: "published",
          publishAt: "2030-01-02T09:30",
        },
      }),
    );
    expect(statusOf(result)).toBe(302);
    const [row] = await db.select().from(posts).where(eq(posts.slug, "riyadh-time"));
    expect(row.publishedAt?.toISOString()).toBe("2030-01-02T06:30:00.000Z");
  });
});

describe("revisions and the version check", () => {
  test("every save keeps a revision; one is restored; a stale form is refused", async () => {
    const { id } = await createPost(
      editor,
      postInput({ slug: "revised", content: "<p>الأولى</p>" }),
    );
    const first = await db.select().from(posts).where(eq(posts.id, id));
    await updatePost(otherEditor, id, postInput({ slug: "revised", content: "<p>الثانية</p>" }));
    const revisions = await listPostRevisions(editor, id);
    expect(revisions.map((revision) => revision.content)).toEqual([
      "<p>الثانية</p>",
      "<p>الأولى</p>",
    ]);
    expect(revisions.map((revision) => revision.savedByName)).toEqual([
      "محرر ثان",
      "كاتبة الأخبار",
    ]);

    // The first form, opened before the second save, may not overwrite it.
    await expect(
      updatePost(editor, id, postInput({ slug: "revised" }), {}, first[0].updatedAt.toISOString()),
    ).rejects.toBeInstanceOf(PostEditConflictError);

    const older = revisions[1];
    const restored = await call(
      restoreAction,
      requestAs(editor, `/admin/dashboard/posts/${id}/revisions/${older.id}/restore`, {
        method: "POST",
      }),
      { id, revisionId: older.id },
    );
    expect(statusOf(restored)).toBe(302);
    const [row] = await db.select().from(posts).where(eq(posts.id, id));
    expect(row.content).toBe("<p>الأولى</p>");
    expect((await listPostRevisions(editor, id)).length).toBe(3);
  });

  test("the form answers a stale version with a 409 and its message", async () => {
    const { id } = await createPost(editor, postInput({ slug: "stale" }));
    const result = await call(
      formAction,
      requestAs(editor, `/admin/dashboard/posts/${id}/edit`, {
        form: { title: "قديم", slug: "stale", content: "نص", version: "2000-01-01T00:00:00.000Z" },
      }),
      { id },
    );
    expect(statusOf(result)).toBe(409);
    expect(JSON.stringify(dataOf(result))).toContain("عدّل شخص آخر هذا المقال");
  });
});

describe("autosave", () => {
  test("a draft is kept per person, offered while newer than the post, and ends with a save", async () => {
    const { id } = await createPost(editor, postInput({ slug: "autosaved" }));
    const saved = await call(
      autosaveAction,
      requestAs(editor, "/admin/dashboard/posts/autosave", {
        form: {
          intent: "save",
          postId: id,
          title: "عنوان",
          excerpt: "",
          content: "<p>لم يُحفظ</p><script>x</script>",
        },
      }),
    );
    expect(statusOf(saved)).toBe(200);
    expect((await getAutosave(editor, id))?.fields.content).toBe("<p>لم يُحفظ</p>");
    expect(await getAutosave(otherEditor, id)).toBeNull();
    await updatePost(editor, id, postInput({ slug: "autosaved" }));
    expect(await getAutosave(editor, id)).toBeNull();
  });

  test("a new post's draft is kept under 'new'", async () => {
    await saveAutosave(editor, "new", { title: "جديد", excerpt: "", content: "<p>مسودة</p>" });
    expect((await getAutosave(editor, "new"))?.fields.title).toBe("جديد");
  });
});

describe("only staff", () => {
  test("a viewer is refused autosave, the media picker, uploads, restore and previews", async () => {
    const { id } = await createPost(editor, postInput({ slug: "staff-only" }));
    const [revision] = await listPostRevisions(editor, id);
    const refusals = [
      await call(
        autosaveAction,
        requestAs(viewer, "/admin/dashboard/posts/autosave", {
          form: { intent: "save", title: "x", excerpt: "", content: "x" },
        }),
      ),
      await call(mediaLoader, requestAs(viewer, "/admin/dashboard/posts/media")),
      await call(
        mediaAction,
        requestAs(viewer, "/admin/dashboard/posts/media", { form: { image: await pngFile() } }),
      ),
      await call(
        restoreAction,
        requestAs(viewer, `/admin/dashboard/posts/${id}/revisions/${revision.id}/restore`, {
          method: "POST",
        }),
        { id, revisionId: revision.id },
      ),
    ];
    expect(refusals.map(statusOf)).toEqual([403, 403, 403, 403]);
    expect(await getAutosave(viewer, "new").catch((error) => error.status)).toBe(403);

    const path = `/media/news/staff-only?preview=${createPreviewToken(id)}`;
    const asViewer = await call(newsPostLoader, requestAs(viewer, path), { slug: "staff-only" });
    const asVisitor = await call(newsPostLoader, requestAs(null, path), { slug: "staff-only" });
    expect([statusOf(asViewer), statusOf(asVisitor)]).toEqual([404, 404]);
    const asEditor = await call(newsPostLoader, requestAs(editor, path), { slug: "staff-only" });
    expect(dataOf<{ isPreview: boolean }>(asEditor).isPreview).toBe(true);
    // A forged or expired token is no preview, even for staff.
    const forged = await call(
      newsPostLoader,
      requestAs(editor, "/media/news/staff-only?preview=9999999999999.forged"),
      { slug: "staff-only" },
    );
    expect(statusOf(forged)).toBe(404);
    const expired = createPreviewToken(id, Date.now() - 2 * 60 * 60 * 1000);
    expect(
      statusOf(
        await call(newsPostLoader, requestAs(editor, `/media/news/staff-only?preview=${expired}`), {
          slug: "staff-only",
        }),
      ),
    ).toBe(404);
  });

  test("an editor gets the gallery and can upload an article image", async () => {
    expect(
      statusOf(await call(mediaLoader, requestAs(editor, "/admin/dashboard/posts/media"))),
    ).toBe(200);
    const uploaded = await call(
      mediaAction,
      requestAs(editor, "/admin/dashboard/posts/media", { form: { image: await pngFile() } }),
    );
    expect(dataOf<{ url: string }>(uploaded).url).toMatch(/^\/uploads\/posts\/.+\.webp$/);
  });
});

describe("the share image", () => {
  /** The post form sent by `user` with `shareImage`; `id` edits that post. */
  const sendForm = (user: TestUser | null, slug: string, shareImage: string, id?: string) =>
    call(
      formAction,
      requestAs(user, id ? `/admin/dashboard/posts/${id}/edit` : "/admin/dashboard/posts/new", {
        form: { title: "خبر بصورة مشاركة", slug, content: "نص", status: "published", shareImage },
      }),
      id ? { id } : {},
    );
  const stored = async (slug: string) =>
    (await db.select().from(posts).where(eq(posts.slug, slug)))[0] ?? null;
  const ogImageOf = async (slug: string) =>
    dataOf<{ shareImage: string | null }>(
      await call(newsPostLoader, requestAs(null, `/media/news/${slug}`), { slug }),
    ).shareImage;

  test("another site's image, or an upload that is not there, is refused with the Arabic reason", async () => {
    for (const [slug, shareImage] of [
      ["share-external", "https://evil.example/tracker.png"],
      ["share-missing", "/uploads/posts/1-deadbeef.webp"],
      ["share-outside", "/uploads/../secret.webp"],
      ["share-protocol", "//evil.example/a.webp"],
    ]) {
      const result = await sendForm(editor, slug, shareImage);
      expect(statusOf(result), shareImage).toBe(400);
      expect(JSON.stringify(dataOf(result))).toContain(SHARE_IMAGE_NOT_OURS);
      expect(await stored(slug)).toBeNull();
    }
  });

  test("a gallery image or one of our uploads is saved, and is the public page's share image", async () => {
    const [gallery] = await db
      .insert(images)
      .values({ title: "صورة من المعرض", imageUrl: "/uploads/gallery/share-me.webp" })
      .returning();
    expect(statusOf(await sendForm(editor, "share-gallery", gallery.imageUrl))).toBe(302);
    expect((await stored("share-gallery"))?.shareImage).toBe(gallery.imageUrl);
    expect(await ogImageOf("share-gallery")).toBe(gallery.imageUrl);

    const uploaded = dataOf<{ url: string }>(
      await call(
        mediaAction,
        requestAs(editor, "/admin/dashboard/posts/media", { form: { image: await pngFile() } }),
      ),
    ).url;
    expect(statusOf(await sendForm(editor, "share-upload", uploaded))).toBe(302);
    expect(await ogImageOf("share-upload")).toBe(uploaded);

    // Empty: the featured image (none here) stands in.
    expect(statusOf(await sendForm(editor, "share-none", ""))).toBe(302);
    expect((await stored("share-none"))?.shareImage).toBeNull();
  });

  test("an older post keeps its stored share image; changing it to a foreign one is refused", async () => {
    const legacy = "https://old.example/share.png";
    const [{ id }] = await db
      .insert(posts)
      .values({ title: "قديم", slug: "share-legacy", content: "<p>نص</p>", shareImage: legacy })
      .returning({ id: posts.id });
    expect(statusOf(await sendForm(editor, "share-legacy", legacy, id))).toBe(302);
    const changed = await sendForm(editor, "share-legacy", "https://other.example/a.png", id);
    expect(statusOf(changed)).toBe(400);
    expect(JSON.stringify(dataOf(changed))).toContain(SHARE_IMAGE_NOT_OURS);
    expect((await stored("share-legacy"))?.shareImage).toBe(legacy);
  });

  test("a viewer cannot save a share image", async () => {
    const [gallery] = await db
      .insert(images)
      .values({ title: "صورة", imageUrl: "/uploads/gallery/viewer.webp" })
      .returning();
    expect(statusOf(await sendForm(viewer, "share-viewer", gallery.imageUrl))).toBe(403);
    expect(await stored("share-viewer")).toBeNull();
  });
});

describe("what search engines and feed readers read", () => {
  const xml = (text: string) => {
    const document = parseXml(text);
    expect(document.getElementsByTagName("parsererror").length).toBe(0);
    return document;
  };

  test("feed, sitemap and JSON-LD parse and list only published, due posts", async () => {
    await createPost(
      editor,
      postInput({ slug: "feed-live", title: "خبر منشور & مهم", status: "published" }),
    );
    await createPost(editor, postInput({ slug: "feed-draft" }));
    await createPost(
      editor,
      postInput({
        slug: "feed-later",
        status: "published",
        publishAt: new Date(Date.now() + 86_400_000),
      }),
    );
    const base = "https://rifq.example";
    const rss = xml(await buildNewsFeed(base, "rss"));
    const links = [...rss.querySelectorAll("item > link")].map((link) => link.textContent);
    expect(links).toContain(`${base}/media/news/feed-live`);
    expect(links.some((link) => link?.includes("feed-draft") || link?.includes("feed-later"))).toBe(
      false,
    );
    expect([...rss.querySelectorAll("item > title")].map((t) => t.textContent)).toContain(
      "خبر منشور & مهم",
    );

    const atom = xml(await buildNewsFeed(base, "atom"));
    expect(atom.documentElement.tagName).toBe("feed");
    expect(atom.querySelectorAll("entry").length).toBe(rss.querySelectorAll("item").length);

    const locs = [];
    for (const part of ["pages-1.xml", "posts-1.xml"]) {
      const sitemap = xml((await buildSitemapPart(base, part)) ?? "");
      locs.push(...[...sitemap.getElementsByTagName("loc")].map((loc) => loc.textContent));
    }
    expect(locs).toContain(`${base}/media/news/feed-live`);
    expect(locs).toContain(`${base}/about`);
    expect(locs.some((loc) => loc?.includes("feed-draft") || loc?.includes("feed-later"))).toBe(
      false,
    );

    expect(buildRobots(base)).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(buildRobots(base)).toMatch(/^Disallow: \/admin$/m);

    const page = dataOf<{ jsonLd: string }>(
      await call(newsPostLoader, requestAs(null, "/media/news/feed-live"), { slug: "feed-live" }),
    );
    const article = JSON.parse(page.jsonLd);
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "خبر منشور & مهم",
      author: { "@type": "Person", name: "كاتبة الأخبار" },
    });
    expect(new Date(article.datePublished).getTime()).not.toBeNaN();
  });
});
