import { desc, eq } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { categories, images, users } from "../../database/schema";

/** The gallery's images, newest first (images have no status: every image is public). */
export async function listGalleryImages() {
  return db
    .select({
      id: images.id,
      title: images.title,
      description: images.description,
      imageUrl: images.imageUrl,
      createdAt: images.createdAt,
      categoryName: categories.name,
      authorName: users.fullName,
    })
    .from(images)
    .leftJoin(categories, eq(images.categoryId, categories.id))
    .leftJoin(users, eq(images.authorId, users.id))
    .orderBy(desc(images.createdAt));
}

export type GalleryImage = Awaited<ReturnType<typeof listGalleryImages>>[number];
