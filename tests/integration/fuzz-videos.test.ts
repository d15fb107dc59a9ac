import { randomUUID } from "node:crypto";
import { count, eq, gte, or } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCategory } from "~/models/categories.server";
import { createVideo } from "~/models/videos.server";
import { action as formAction } from "~/routes/admin/videos/form";
import { action as listAction } from "~/routes/admin/videos/list";
import { videoFormSchema } from "~/routes/admin/videos/video-schema";
import { db } from "~/utils/db.server";
import { videos } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import {
  arabicText,
  editTargets,
  expectStorableText,
  FUZZ_TIMEOUT,
  fc,
  fuzzAction,
} from "../support/fuzz";

let editor: TestUser;
let categoryId: string;
let editedId: string;
const pool: string[] = [];

const videoInput = (title: string) => ({
  title,
  description: null,
  youtubeId: "dQw4w9WgXcQ",
  categoryId: null,
  status: "draft" as const,
});

beforeAll(async () => {
  editor = await createUser("editor");
  categoryId = (await createCategory(editor, { name: "فعاليات", slug: "events" })).id;
  editedId = (await createVideo(editor, videoInput("فيديو يُعدَّل"))).id;
  for (let index = 0; index < 20; index++) {
    pool.push((await createVideo(editor, videoInput(`فيديو ${index}`))).id);
  }
});

const plausible = () => ({
  title: arabicText(1, 80),
  description: arabicText(0, 200),
  youtubeId: fc.constantFrom(
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "youtu.be/dQw4w9WgXcQ",
    "dQw4w9WgXcQ",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ?si=x",
    "فيديو الجمعية",
  ),
  categoryId: fc.constantFrom(categoryId, categoryId, "", randomUUID(), "not-a-uuid"),
  status: fc.constantFrom("draft", "published", "", "archived"),
});

const state = async () => ({
  rows: (await db.select({ total: count() }).from(videos))[0].total,
  edited: (await db.select().from(videos).where(eq(videos.id, editedId)))[0],
});

/** Every video written since `since` still passes the form's schema, unchanged by it. */
async function expectValidVideos(since: Date) {
  const written = await db
    .select()
    .from(videos)
    .where(or(gte(videos.updatedAt, since), gte(videos.createdAt, since)));
  for (const row of written) {
    for (const text of [row.title, row.description, row.youtubeId]) {
      expectStorableText(text, "a video");
    }
    const parsed = videoFormSchema.safeParse({
      title: row.title,
      description: row.description ?? undefined,
      youtubeId: row.youtubeId,
      categoryId: row.categoryId ?? undefined,
      status: row.status,
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ title: row.title, youtubeId: row.youtubeId });
  }
}

describe("fuzzing the video actions", () => {
  test(
    "the new-video form never crashes and writes nothing it refuses",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: { path: "/admin/dashboard/videos/new" },
        plausible: plausible(),
        state,
        expectValid: expectValidVideos,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the edit-video form never crashes and leaves a refused edit unwritten",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: editTargets("videos", editedId),
        plausible: plausible(),
        state,
        expectValid: expectValidVideos,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the list's publish, delete and view-count buttons never crash",
    () =>
      fuzzAction({
        action: listAction,
        user: editor,
        target: { path: "/admin/dashboard/videos" },
        plausible: {
          intent: fc.constantFrom("publish-toggle", "delete", "view", ""),
          id: fc.constantFrom(...pool, randomUUID(), "1"),
        },
        state: async () => (await db.select({ total: count() }).from(videos))[0].total,
      }),
    FUZZ_TIMEOUT,
  );
});
