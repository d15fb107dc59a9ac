import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCategory } from "~/models/categories.server";
import { listGalleryPage } from "~/models/gallery.server";
import {
  countVideoView,
  createVideo,
  deleteVideo,
  getVideoForStaff,
  listVideosForStaff,
  toggleVideoStatus,
  updateVideo,
  type VideoInput,
} from "~/models/videos.server";
import { action as formAction, loader as formLoader } from "~/routes/admin/videos/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/videos/list";
import { loader as galleryLoader } from "~/routes/site/gallery";
import { db } from "~/utils/db.server";
import { videos } from "../../database/schema";
import { createStaff, requestAs, type TestUser } from "../support/accounts";
import { REFUSED_WITH } from "../support/refusals";
import { call, dataOf, headersOf, replyErrorsOf, statusOf } from "../support/route-calls";
import { expectListReadableByStaffOnly } from "../support/staff-lists";

const ID = "dQw4w9WgXcQ";
const LIST = "/admin/dashboard/videos";
const NEW = "/admin/dashboard/videos/new";
const MISSING = "00000000-0000-4000-8000-000000000000";
const editPath = (id: string) => `${LIST}/${id}/edit`;

let counter = 0;
function videoInput(overrides: Partial<VideoInput> = {}): VideoInput {
  counter += 1;
  return {
    title: `فيديو تجريبي ${counter}`,
    description: null,
    youtubeId: ID,
    categoryId: null,
    status: "draft",
    ...overrides,
  };
}

function videoForm(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    title: `فيديو من النموذج ${counter}`,
    description: "لقاء مع كبار السن في الدمام.",
    youtubeId: `https://www.youtube.com/watch?v=${ID}`,
    status: "draft",
    ...overrides,
  };
}

const rowsTitled = (title: string) => db.select().from(videos).where(eq(videos.title, title));
const rowCount = async () => (await db.select({ id: videos.id }).from(videos)).length;
/** The ids of the media library's videos (its first page: these tests hold few). */
const publishedVideoIds = async () =>
  (await listGalleryPage({ filter: "videos", page: 1 })).items.map((video) => video.id);
const redirectTarget = (result: unknown) => (result as Response).headers.get("location");

let editor: TestUser;
let otherEditor: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ editor, otherEditor, viewer, admin } = await createStaff("محررة الفيديو"));
});

// ─── the form ───────────────────────────────────────────────────────────────────────────────

describe("the video form's action", () => {
  test.each([
    ["a watch URL", `https://www.youtube.com/watch?v=${ID}&t=12s`],
    ["a short URL", `https://youtu.be/${ID}?si=share`],
    ["an embed URL", `https://www.youtube-nocookie.com/embed/${ID}`],
    ["a bare id", ID],
  ])("%s is saved as the 11-character id, a draft by the editor", async (_name, link) => {
    const form = videoForm({ youtubeId: link, status: "" });
    const result = await call(formAction, requestAs(editor, NEW, { form }));
    expect(statusOf(result)).toBe(302);
    expect(redirectTarget(result)).toBe(LIST);
    expect(headersOf(result).get("set-cookie")).toContain("rifq_toast");
    const [row] = await rowsTitled(form.title);
    expect(row).toMatchObject({
      youtubeId: ID,
      status: "draft",
      authorId: editor.id,
      description: "لقاء مع كبار السن في الدمام.",
      categoryId: null,
      viewsCount: 0,
    });
  });

  test("a link with no id in it is stored as typed (spec §5)", async () => {
    const form = videoForm({ youtubeId: "  https://vimeo.com/12345  " });
    await call(formAction, requestAs(editor, NEW, { form }));
    const [row] = await rowsTitled(form.title);
    expect(row.youtubeId).toBe("https://vimeo.com/12345");
  });

  test("missing title and link answer the spec's messages and store nothing", async () => {
    const before = await rowCount();
    const result = await call(
      formAction,
      requestAs(editor, NEW, { form: { title: "  ", youtubeId: "", status: "draft" } }),
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result)).toMatchObject({
      title: ["عنوان الفيديو مطلوب"],
      youtubeId: ["رابط يوتيوب مطلوب"],
    });
    expect(await rowCount()).toBe(before);
  });

  test("an edit saves every field, the saving user as author and a new updated_at", async () => {
    const category = await createCategory(editor, { name: "لقاءات", slug: "meetings" });
    const created = await createVideo(editor, videoInput());
    const before = await getVideoForStaff(editor, created.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const form = videoForm({
      title: "لقاء اليوم العالمي للمسنين",
      description: "",
      youtubeId: "https://m.youtube.com/shorts/a-B_9z-Y_0Q?feature=share",
      categoryId: category.id,
      status: "published",
    });
    const result = await call(formAction, requestAs(otherEditor, editPath(created.id), { form }), {
      id: created.id,
    });
    expect(statusOf(result)).toBe(302);
    expect(redirectTarget(result)).toBe(LIST);
    const after = await getVideoForStaff(editor, created.id);
    expect(after).toMatchObject({
      title: "لقاء اليوم العالمي للمسنين",
      description: null,
      youtubeId: "a-B_9z-Y_0Q",
      categoryId: category.id,
      status: "published",
      authorId: otherEditor.id,
    });
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
    expect(after?.createdAt).toEqual(before?.createdAt);
  });

  test("the loader: editors get the video, viewers 403, visitors go to /login, 404 if missing", async () => {
    const created = await createVideo(editor, videoInput());
    const loaded = (await call(formLoader, requestAs(admin, editPath(created.id)), {
      id: created.id,
    })) as { video: { youtubeId: string } };
    expect(loaded.video.youtubeId).toBe(ID);
    expect(
      statusOf(await call(formLoader, requestAs(viewer, editPath(created.id)), { id: created.id })),
    ).toBe(403);
    const signedOut = await call(formLoader, requestAs(null, NEW));
    expect(statusOf(signedOut)).toBe(302);
    expect(redirectTarget(signedOut)).toMatch(/^\/login\?redirectTo=/);
    expect(
      statusOf(await call(formLoader, requestAs(editor, editPath(MISSING)), { id: MISSING })),
    ).toBe(404);
    expect(
      statusOf(await call(formLoader, requestAs(editor, editPath("x")), { id: "not-a-uuid" })),
    ).toBe(404);
  });
});

// ─── the list ───────────────────────────────────────────────────────────────────────────────

describe("the staff list", () => {
  const post = (who: TestUser | null, form: Record<string, string>) =>
    call(listAction, requestAs(who, LIST, { form }));

  test("the toggle flips draft ↔ published, sets updated_at and reaches the gallery", async () => {
    const created = await createVideo(editor, videoInput({ title: "حفل التكريم" }));
    const before = await getVideoForStaff(editor, created.id);
    await new Promise((resolve) => setTimeout(resolve, 20));

    const published = await post(editor, { intent: "publish-toggle", id: created.id });
    expect(statusOf(published)).toBe(200);
    expect(dataOf(published)).toEqual({ ok: true });
    expect(headersOf(published).get("set-cookie")).toContain("rifq_toast");
    const row = await getVideoForStaff(editor, created.id);
    expect(row?.status).toBe("published");
    expect(row?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
    expect(await publishedVideoIds()).toContain(created.id);
    const gallery = (await call(galleryLoader, requestAs(null, "/media/gallery"))) as {
      items: { id: string; type: string }[];
    };
    expect(gallery.items).toContainEqual(
      expect.objectContaining({ id: created.id, type: "video" }),
    );

    await post(editor, { intent: "publish-toggle", id: created.id });
    expect((await getVideoForStaff(editor, created.id))?.status).toBe("draft");
    expect(await publishedVideoIds()).not.toContain(created.id);
  });

  test("delete removes the video; a missing one answers the spec's failures", async () => {
    const created = await createVideo(editor, videoInput());
    const removed = await post(editor, { intent: "delete", id: created.id });
    expect(dataOf(removed)).toEqual({ ok: true });
    expect(await getVideoForStaff(editor, created.id)).toBeNull();

    const toggle = await post(editor, { intent: "publish-toggle", id: MISSING });
    expect(statusOf(toggle)).toBe(404);
    expect(dataOf(toggle)).toEqual({ ok: false, message: "فشل في تحديث حالة الفيديو" });
    const removal = await post(editor, { intent: "delete", id: created.id });
    expect(statusOf(removal)).toBe(404);
    expect(dataOf(removal)).toEqual({ ok: false, message: "فشل في حذف الفيديو" });
    expect(statusOf(await post(editor, { intent: "nonsense", id: MISSING }))).toBe(400);
  });

  test("a view counts one for each staff member and leaves updated_at alone", async () => {
    const created = await createVideo(editor, videoInput());
    const before = await getVideoForStaff(editor, created.id);
    for (const who of [otherEditor, editor, admin]) {
      const result = await post(who, { intent: "view", id: created.id });
      expect(statusOf(result)).toBe(200);
      expect(dataOf(result)).toEqual({ ok: true });
      // Counting is quiet: no toast.
      expect(headersOf(result).get("set-cookie")).toBeNull();
    }
    const after = await getVideoForStaff(editor, created.id);
    expect(after?.viewsCount).toBe(3);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });

  test("views counted at the same moment are all kept (atomic + 1)", async () => {
    const created = await createVideo(editor, videoInput());
    await Promise.all(Array.from({ length: 12 }, () => countVideoView(editor, created.id)));
    expect((await getVideoForStaff(editor, created.id))?.viewsCount).toBe(12);
  });

  test("a signed-out or viewer's view is refused and a missing video answers 404, without a toast", async () => {
    const created = await createVideo(editor, videoInput());
    const anonymous = await post(null, { intent: "view", id: created.id });
    expect(statusOf(anonymous)).toBe(401);
    expect(dataOf(anonymous)).toMatchObject({ ok: false });
    await expect(countVideoView(null, created.id)).rejects.toMatchObject({ status: 401 });
    expect(statusOf(await post(viewer, { intent: "view", id: created.id }))).toBe(403);
    await expect(countVideoView(viewer, created.id)).rejects.toMatchObject({ status: 403 });
    expect((await getVideoForStaff(editor, created.id))?.viewsCount).toBe(0);

    const missing = await post(editor, { intent: "view", id: MISSING });
    expect(statusOf(missing)).toBe(404);
    expect(headersOf(missing).get("set-cookie")).toBeNull();
  });

  test("editors read it; viewers are refused; visitors go to /login", async () => {
    await expectListReadableByStaffOnly(listLoader, LIST, "videos", { viewer, editor });
    await expect(listVideosForStaff(null)).rejects.toMatchObject({ status: 401 });
  });

  test("searches the title, the description and the id; shows category, author and dates", async () => {
    const category = await createCategory(editor, {
      name: "فعاليات الفيديو",
      slug: "video-events",
    });
    const match = await createVideo(
      editor,
      videoInput({ title: "رحلة إلى الأحساء", categoryId: category.id, youtubeId: "ahsaTrip_01" }),
    );
    const byDescription = await createVideo(
      editor,
      videoInput({ description: "زيارة الأحساء الثانية" }),
    );
    await createVideo(editor, videoInput({ title: "لا علاقة" }));

    const found = (await listVideosForStaff(editor, { q: "الأحساء" })).items;
    expect(found.map((video) => video.id).sort()).toEqual([match.id, byDescription.id].sort());
    expect(
      (await listVideosForStaff(editor, { q: "ahsaTrip" })).items.map((video) => video.id),
    ).toEqual([match.id]);
    expect(found.find((video) => video.id === match.id)).toMatchObject({
      categoryName: "فعاليات الفيديو",
      authorName: "محررة الفيديو",
      status: "draft",
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    // LIKE wildcards are searched as text.
    expect((await listVideosForStaff(editor, { q: "%" })).items).toEqual([]);

    const loaded = (await call(
      listLoader,
      requestAs(editor, `${LIST}?q=${encodeURIComponent("الأحساء")}`),
    )) as { videos: { id: string }[]; q: string };
    expect(loaded.q).toBe("الأحساء");
    expect(loaded.videos).toHaveLength(2);
  });
});

// ─── who may do what ────────────────────────────────────────────────────────────────────────

describe("permissions", () => {
  test("viewers (403) and visitors (401) are refused every mutation through the actions", async () => {
    const target = await createVideo(editor, videoInput());
    const before = await getVideoForStaff(editor, target.id);
    const rowsBefore = await rowCount();
    for (const [who, status] of [
      [viewer, 403],
      [null, 401],
    ] as const) {
      expect(statusOf(await call(formAction, requestAs(who, NEW, { form: videoForm() })))).toBe(
        status,
      );
      const edit = await call(
        formAction,
        requestAs(who, editPath(target.id), { form: videoForm({ title: "عبث" }) }),
        { id: target.id },
      );
      expect(statusOf(edit)).toBe(status);
      for (const intent of ["publish-toggle", "delete"]) {
        const result = await call(
          listAction,
          requestAs(who, LIST, { form: { intent, id: target.id } }),
        );
        expect(statusOf(result)).toBe(status);
      }
    }
    expect(await getVideoForStaff(editor, target.id)).toEqual(before);
    expect(await rowCount()).toBe(rowsBefore);
  });

  test("the models refuse viewers (403) and visitors (401) whatever the caller", async () => {
    const target = await createVideo(editor, videoInput());
    const attempts = (actor: TestUser | null) => [
      () => createVideo(actor, videoInput()),
      () => updateVideo(actor, target.id, videoInput({ title: "عبث" })),
      () => toggleVideoStatus(actor, target.id),
      () => deleteVideo(actor, target.id),
    ];
    const rowsBefore = await rowCount();
    for (const [actor, status] of [
      [viewer, 403],
      [null, 401],
    ] as const) {
      for (const attempt of attempts(actor)) {
        const refusal = await attempt().catch((error) => error);
        expect(refusal).toMatchObject({ status, message: REFUSED_WITH[status] });
      }
    }
    expect(await rowCount()).toBe(rowsBefore);
    expect((await getVideoForStaff(editor, target.id))?.status).toBe("draft");
    // Admins may manage videos too.
    expect((await toggleVideoStatus(admin, target.id)).status).toBe("published");
  });
});
