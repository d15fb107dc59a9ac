import { beforeAll, describe, expect, test } from "vitest";
import { SURVEY_QUESTIONS } from "~/content/feedback";
import { createCategory } from "~/models/categories.server";
import { loader as imagesLoader } from "~/routes/admin/images/list";
import { loader as subscribersLoader } from "~/routes/admin/outreach/subscribers";
import { loader as surveysLoader } from "~/routes/admin/outreach/surveys";
import { loader as volunteersLoader } from "~/routes/admin/outreach/volunteers";
import { loader as usersLoader } from "~/routes/admin/users";
import { loader as videosLoader } from "~/routes/admin/videos/list";
import { loader as galleryLoader } from "~/routes/site/gallery";
import { db } from "~/utils/db.server";
import {
  images,
  newsletterSubscribers,
  surveyResponses,
  users,
  videos,
  volunteers,
} from "../../database/schema";
import { createStaff, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, statusOf } from "../support/route-calls";

/**
 * Issue 12 item 7 (docs/decisions/036): every list a page shows reads one page of rows and a
 * count, keeps its search and filters across pages, and orders ties by id so no row is on two
 * pages or on none.
 */

type RouteLoader = Parameters<typeof call>[0];

let staff: Awaited<ReturnType<typeof createStaff>>;
const DAY = 24 * 60 * 60 * 1000;
const start = Date.parse("2026-01-01T08:00:00Z");
/** Two rows share each day, so only the id can order them. */
const dayOf = (i: number) => new Date(start + Math.floor(i / 2) * DAY);

async function load<T>(loader: RouteLoader, path: string, user: TestUser | null) {
  return dataOf<T>(await call(loader, requestAs(user, path)));
}

interface Row {
  id: string;
}

/**
 * Reads every page of a list, and checks each is at most `size` rows, the pages add up to
 * `total` rows, none twice, and only the last says that nothing follows.
 */
async function readAllPages(
  read: (page: number) => Promise<{ rows: Row[]; hasMore: boolean; page: number }>,
  { size, total }: { size: number; total: number },
) {
  const seen: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await read(page);
    expect(answer.page).toBe(page);
    expect(answer.rows.length).toBeLessThanOrEqual(size);
    seen.push(...answer.rows.map((row) => row.id));
    if (!answer.hasMore) break;
    expect(answer.rows).toHaveLength(size);
  }
  expect(seen).toHaveLength(total);
  expect(new Set(seen).size).toBe(total);
  return seen;
}

/** A lower role is refused the list with 403. */
async function expectRefused(loader: RouteLoader, path: string, user: TestUser) {
  expect(statusOf(await call(loader, requestAs(user, path)))).toBe(403);
}

beforeAll(async () => {
  staff = await createStaff("محررة القوائم");
  const events = await createCategory(staff.admin, { name: "فعاليات", slug: "events" });
  // 30 videos (every third a draft) and 30 images, newest last; 26 videos and images are trips.
  await db.insert(videos).values(
    Array.from({ length: 30 }, (_, i) => ({
      title: i < 26 ? `رحلة ${i}` : `لقاء ${i}`,
      youtubeId: "dQw4w9WgXcQ",
      status: i % 3 === 0 ? ("draft" as const) : ("published" as const),
      categoryId: i % 5 === 0 ? events.id : null,
      createdAt: dayOf(i),
    })),
  );
  await db.insert(images).values(
    Array.from({ length: 30 }, (_, i) => ({
      title: i < 26 ? `رحلة ${i}` : `لقاء ${i}`,
      imageUrl: `/uploads/gallery/${i}.webp`,
      categoryId: i % 5 === 0 ? events.id : null,
      createdAt: dayOf(i),
    })),
  );
});

describe("the staff media lists", () => {
  test("videos come 24 at a time, newest first, with their count; the search pages too", async () => {
    type Answer = {
      videos: (Row & { createdAt: Date })[];
      page: number;
      hasMore: boolean;
      pageCount: number;
    };
    const read = (query: string) => async (page: number) => {
      const answer = await load<Answer>(
        videosLoader,
        `/admin/dashboard/videos?${query}&page=${page}`,
        staff.editor,
      );
      return { ...answer, rows: answer.videos };
    };
    const first = await load<Answer>(videosLoader, "/admin/dashboard/videos", staff.editor);
    expect(first.videos).toHaveLength(24);
    expect(first).toMatchObject({ page: 1, hasMore: true, pageCount: 2 });
    const dates = first.videos.map((video) => video.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    await readAllPages(read(""), { size: 24, total: 30 });
    await readAllPages(read(`q=${encodeURIComponent("رحلة")}`), { size: 24, total: 26 });

    await expectRefused(videosLoader, "/admin/dashboard/videos?page=2", staff.viewer);
  });

  test("images come 24 at a time, with their count; the search pages too", async () => {
    type Answer = { images: Row[]; page: number; hasMore: boolean; pageCount: number };
    const read = (query: string) => async (page: number) => {
      const answer = await load<Answer>(
        imagesLoader,
        `/admin/dashboard/images?${query}&page=${page}`,
        staff.editor,
      );
      return { ...answer, rows: answer.images };
    };
    const second = await read("")(2);
    expect(second.rows).toHaveLength(6);
    expect(second).toMatchObject({ hasMore: false, pageCount: 2 });
    await readAllPages(read(""), { size: 24, total: 30 });
    await readAllPages(read(`q=${encodeURIComponent("لقاء")}`), { size: 24, total: 4 });

    await expectRefused(imagesLoader, "/admin/dashboard/images?page=2", staff.viewer);
  });
});

describe("the public media library", () => {
  type Answer = {
    items: (Row & { type: string; category: string; date: Date })[];
    page: number;
    hasMore: boolean;
    pageCount: number;
    stats: { total: number; videos: number; images: number };
    counts: Record<string, number>;
  };
  const read = (query: string) => async (page: number) => {
    const answer = await load<Answer>(galleryLoader, `/media/gallery?${query}&page=${page}`, null);
    return { ...answer, rows: answer.items };
  };

  test("shows 24 items a page, newest first, while the stats and filters count everything", async () => {
    // 20 published videos (10 drafts stay out) and 30 images.
    const first = await load<Answer>(galleryLoader, "/media/gallery", null);
    expect(first.items).toHaveLength(24);
    expect(first).toMatchObject({ page: 1, hasMore: true, pageCount: 3 });
    expect(first.stats).toMatchObject({ total: 50, videos: 20, images: 30 });
    expect(first.counts).toMatchObject({ all: 50, videos: 20, images: 30, events: 10 });
    const dates = first.items.map((item) => item.date.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(first.items.map((item) => item.type)).toEqual(
      expect.arrayContaining(["video", "image"]),
    );

    const all = await readAllPages(read(""), { size: 24, total: 50 });
    const drafts = await db.select({ id: videos.id, status: videos.status }).from(videos);
    const draftIds = drafts.filter((row) => row.status === "draft").map((row) => row.id);
    expect(all.filter((id) => draftIds.includes(id))).toEqual([]);
  });

  test("each filter pages its own items", async () => {
    await readAllPages(read("type=images"), { size: 24, total: 30 });
    await readAllPages(read("type=videos"), { size: 24, total: 20 });
    const events = await read("type=events")(1);
    expect(events.rows).toHaveLength(10);
    expect(events.rows.every((item) => item.category === "فعاليات")).toBe(true);
    expect(events).toMatchObject({ hasMore: false, pageCount: 1 });
    // A page past the end is empty, the counts unchanged.
    const past = await read("type=videos")(5);
    expect(past.rows).toEqual([]);
    expect(past.counts.videos).toBe(20);
  });
});

describe("the team", () => {
  test("accounts come 50 at a time, oldest first, for admins only", async () => {
    await db.insert(users).values(
      Array.from({ length: 55 }, (_, i) => ({
        id: `listed-${i}`,
        fullName: `عضو ${i}`,
        email: `member-${String(i).padStart(2, "0")}@example.test`,
        createdAt: dayOf(i),
      })),
    );
    type Answer = { users: Row[]; page: number; hasMore: boolean; pageCount: number };
    const read = async (page: number) => {
      const answer = await load<Answer>(
        usersLoader,
        `/admin/dashboard/users?page=${page}`,
        staff.admin,
      );
      return { ...answer, rows: answer.users };
    };
    // The four staff accounts and the 55 members.
    const ids = await readAllPages(read, { size: 50, total: 59 });
    expect(ids.slice(0, 4)).toEqual(["listed-0", "listed-1", "listed-2", "listed-3"]);
    expect(await read(1)).toMatchObject({ pageCount: 2 });

    await expectRefused(usersLoader, "/admin/dashboard/users?page=2", staff.editor);
  });
});

describe("the outreach inboxes", () => {
  test("volunteers come 20 at a time with the filtered count; filters page too", async () => {
    await db.insert(volunteers).values(
      Array.from({ length: 45 }, (_, i) => ({
        fullName: `متطوع ${i}`,
        phone: `+96650000${String(i).padStart(4, "0")}`,
        city: i % 2 ? "dammam" : "khobar",
        interests: ["events"],
        availability: ["weekends"],
        status: i % 3 === 0 ? ("contacted" as const) : ("new" as const),
        createdAt: dayOf(i),
      })),
    );
    type Answer = { volunteers: Row[]; total: number; page: number; hasMore: boolean };
    const read = (query: string) => async (page: number) => {
      const answer = await load<Answer>(
        volunteersLoader,
        `/admin/dashboard/volunteers?${query}&page=${page}`,
        staff.editor,
      );
      return { ...answer, rows: answer.volunteers };
    };
    expect(await read("")(1)).toMatchObject({ total: 45, hasMore: true });
    expect((await read("")(3)).rows).toHaveLength(5);
    await readAllPages(read(""), { size: 20, total: 45 });
    expect(await read("status=new")(2)).toMatchObject({ total: 30, hasMore: false });
    await readAllPages(read("status=new"), { size: 20, total: 30 });
    await readAllPages(read("city=dammam"), { size: 20, total: 22 });

    await expectRefused(volunteersLoader, "/admin/dashboard/volunteers?page=2", staff.viewer);
  });

  test("confirmed subscribers come 50 at a time, with both counts", async () => {
    await db.insert(newsletterSubscribers).values(
      Array.from({ length: 58 }, (_, i) => ({
        email: `reader-${i}@example.test`,
        token: `token-${i}`,
        confirmedAt: i < 55 ? dayOf(i) : null,
      })),
    );
    type Answer = {
      confirmed: Row[];
      confirmedCount: number;
      pendingCount: number;
      page: number;
      hasMore: boolean;
    };
    const read = async (page: number) => {
      const answer = await load<Answer>(
        subscribersLoader,
        `/admin/dashboard/subscribers?page=${page}`,
        staff.editor,
      );
      return { ...answer, rows: answer.confirmed };
    };
    expect(await read(2)).toMatchObject({ confirmedCount: 55, pendingCount: 3, hasMore: false });
    await readAllPages(read, { size: 50, total: 55 });

    await expectRefused(subscribersLoader, "/admin/dashboard/subscribers?page=2", staff.viewer);
  });

  test("survey results count every answer; their comments come 20 at a time", async () => {
    const [first] = SURVEY_QUESTIONS.visitors;
    await db.insert(surveyResponses).values(
      Array.from({ length: 28 }, (_, i) => ({
        audience: "visitors" as const,
        answers: { [first.key]: (i % 5) + 1 },
        comment: i < 25 ? `تعليق ${i}` : null,
        createdAt: dayOf(i),
      })),
    );
    type Answer = {
      count: number;
      questions: {
        key: string;
        answered: number;
        average: number | null;
        distribution: number[];
      }[];
      comments: Row[];
      commentCount: number;
      page: number;
      hasMore: boolean;
    };
    const read = async (page: number) => {
      const answer = await load<Answer>(
        surveysLoader,
        `/admin/dashboard/surveys?audience=visitors&page=${page}`,
        staff.editor,
      );
      return { ...answer, rows: answer.comments };
    };
    const page = await read(1);
    expect(page).toMatchObject({ count: 28, commentCount: 25, hasMore: true });
    expect(page.questions[0]).toMatchObject({
      key: first.key,
      answered: 28,
      distribution: [6, 6, 6, 5, 5],
    });
    expect(page.questions[0]?.average).toBeCloseTo((6 * 1 + 6 * 2 + 6 * 3 + 5 * 4 + 5 * 5) / 28);
    await readAllPages(read, { size: 20, total: 25 });

    await expectRefused(surveysLoader, "/admin/dashboard/surveys?page=2", staff.viewer);
  });
});
