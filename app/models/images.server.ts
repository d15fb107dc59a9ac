import { eq, sql } from "drizzle-orm";
import { NotFoundError } from "~/shared/domain-errors";
import { type Actor, assertRole } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { containingAny, isUuid, newestFirst, readNewestPage } from "~/utils/db-helpers.server";
import { isStoredImage, removeImage, storeImage } from "~/utils/image-upload.server";
import { logger } from "~/utils/logger.server";
import { categories, images, users } from "../../database/schema";

/** Every image is public: an image has no status (spec §2.8). */
export const publicImages = () => sql`true`;

/** What the staff list shows of an image. */
const imageCardColumns = {
  id: images.id,
  title: images.title,
  description: images.description,
  imageUrl: images.imageUrl,
  createdAt: images.createdAt,
  categoryName: categories.name,
  authorName: users.fullName,
};

/**
 * Whether `url` is an image of ours: a gallery image, or an image our uploads hold (a post's
 * featured image or one inside an article). Anything else (another site's link) is not.
 */
export async function isOurImage(url: string): Promise<boolean> {
  const [gallery] = await db
    .select({ id: images.id })
    .from(images)
    .where(eq(images.imageUrl, url))
    .limit(1);
  return Boolean(gallery) || isStoredImage(url);
}

// ─── The staff area ─────────────────────────────────────────────────────────────────────────
// Reads and changes need an editor (docs/decisions/020).

/** Where gallery images live in storage (spec §7: a random name; ours is `gallery/…webp`). */
const IMAGE_FOLDER = "gallery";

const notFound = () => new NotFoundError("الصورة غير موجودة");

export const STAFF_IMAGES_PAGE_SIZE = 24;
/** The image picker of the post editor offers the newest images only. */
export const IMAGE_CHOICES_LIMIT = 100;

const newestImagesFirst = newestFirst(images.createdAt, images.id);

/**
 * One page of the gallery's images, newest first (id breaks ties), with their category and
 * author, and how many match (spec §2.8, docs/decisions/036).
 */
export async function listImagesForStaff(
  actor: Actor | null,
  filters: { q?: string; page?: number } = {},
) {
  assertRole(actor, "editor");
  const where = containingAny(filters.q, images.title, images.description);
  return readNewestPage(
    filters.page ?? 1,
    STAFF_IMAGES_PAGE_SIZE,
    { table: images, newest: images.createdAt, id: images.id, where },
    () =>
      db
        .select(imageCardColumns)
        .from(images)
        .leftJoin(categories, eq(images.categoryId, categories.id))
        .leftJoin(users, eq(images.authorId, users.id))
        .$dynamic(),
  );
}

export type StaffImageRow = Awaited<ReturnType<typeof listImagesForStaff>>["items"][number];

/** The newest images, for the post editor's image picker. */
export async function listImageChoices(actor: Actor | null) {
  assertRole(actor, "editor");
  return db
    .select({ id: images.id, title: images.title, imageUrl: images.imageUrl })
    .from(images)
    .orderBy(...newestImagesFirst)
    .limit(IMAGE_CHOICES_LIMIT);
}

/** One image for the edit form; null when there is none. */
export async function getImageForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) return null;
  const [image] = await db.select().from(images).where(eq(images.id, id));
  return image ?? null;
}

/** What the image form saves besides the file. */
export interface ImageInput {
  title: string;
  /** Also the image's alternative text. */
  description: string | null;
  categoryId: string | null;
}

/** Removes files that are no longer (or never were) referenced; a failure is only logged. */
async function discardStoredImage(url: string) {
  try {
    await removeImage(url);
  } catch (error) {
    logger.warn({ err: error, url }, "removing a gallery image from storage failed");
  }
}

/**
 * Stores `file`, then runs the database write that points at it. If the write fails the
 * stored files are removed again, so a failed save leaves neither a row nor an orphan file.
 */
async function withStoredImage<T>(file: File, write: (imageUrl: string) => Promise<T>) {
  const stored = await storeImage(file, IMAGE_FOLDER);
  try {
    return await write(stored.url);
  } catch (error) {
    await discardStoredImage(stored.url);
    throw error;
  }
}

const savedColumns = { id: images.id, imageUrl: images.imageUrl };

/** Uploads a gallery image (checked and re-encoded) and records it; the editor is its author. */
export async function createImage(actor: Actor | null, input: ImageInput, file: File) {
  const editor = assertRole(actor, "editor");
  return withStoredImage(file, async (imageUrl) => {
    const [created] = await db
      .insert(images)
      .values({ ...input, imageUrl, authorId: editor.id })
      .returning(savedColumns);
    return created;
  });
}

/**
 * Saves the edit form, keeping the image or replacing it with `file`. The saving user becomes
 * the author (spec §7). A replaced file is removed only after the row stops pointing at it.
 */
export async function updateImage(
  actor: Actor | null,
  id: string,
  input: ImageInput,
  file?: File | null,
) {
  const editor = assertRole(actor, "editor");
  const current = await getImageForStaff(editor, id);
  if (!current) throw notFound();
  const write = async (imageUrl: string) => {
    const [row] = await db
      .update(images)
      .set({ ...input, imageUrl, authorId: editor.id })
      .where(eq(images.id, id))
      .returning(savedColumns);
    if (!row) throw notFound();
    return row;
  };
  if (!file) return write(current.imageUrl);
  const updated = await withStoredImage(file, write);
  await discardStoredImage(current.imageUrl);
  return updated;
}

/** Deletes an image's row, then its files; a storage failure never undoes the delete. */
export async function deleteImage(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [deleted] = await db.delete(images).where(eq(images.id, id)).returning(savedColumns);
  if (!deleted) throw notFound();
  await discardStoredImage(deleted.imageUrl);
  return deleted;
}
