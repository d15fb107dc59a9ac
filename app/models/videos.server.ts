import { desc, eq } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { categories, users, videos } from "../../database/schema";

/** Published videos, newest first; drafts never come out of here. */
export async function listPublishedVideos() {
  return db
    .select({
      id: videos.id,
      title: videos.title,
      description: videos.description,
      youtubeId: videos.youtubeId,
      viewsCount: videos.viewsCount,
      createdAt: videos.createdAt,
      categoryName: categories.name,
      authorName: users.fullName,
    })
    .from(videos)
    .leftJoin(categories, eq(videos.categoryId, categories.id))
    .leftJoin(users, eq(videos.authorId, users.id))
    .where(eq(videos.status, "published"))
    .orderBy(desc(videos.createdAt));
}

export type PublicVideo = Awaited<ReturnType<typeof listPublishedVideos>>[number];
