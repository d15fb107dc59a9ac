import { asc, count, eq } from "drizzle-orm";
import { ConflictError, NotFoundError } from "~/shared/domain-errors";
import { type Actor, assertRole } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { isUuid, violatedUniqueConstraint } from "~/utils/db-helpers.server";
import { categories, images, posts, videos } from "../../database/schema";

/** All categories ordered by name (spec §3). */
export async function listCategories() {
  return db.select().from(categories).orderBy(asc(categories.name));
}

export type Category = Awaited<ReturnType<typeof listCategories>>[number];

const notFound = () => new NotFoundError("التصنيف غير موجود");

export const CATEGORY_NAME_TAKEN = "يوجد تصنيف بهذا الاسم، اختر اسماً آخر";
export const CATEGORY_SLUG_TAKEN = "هذا الرابط مستخدم لتصنيف آخر، اختر رابطاً مختلفاً";

/** The name or the slug is already used by another category. */
export class CategoryTakenError extends ConflictError {
  constructor(readonly field: "name" | "slug") {
    super(field === "name" ? CATEGORY_NAME_TAKEN : CATEGORY_SLUG_TAKEN, field);
  }
}

export interface CategoryInput {
  name: string;
  slug: string;
}

function asTakenError(error: unknown): unknown {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === "categories_name_unique") return new CategoryTakenError("name");
  if (constraint === "categories_slug_unique") return new CategoryTakenError("slug");
  return error;
}

/** Categories with how many posts, videos and images use each, for the staff screen. */
export async function listCategoriesForStaff(actor: Actor | null) {
  assertRole(actor, "editor");
  const usage = (table: typeof posts | typeof videos | typeof images) =>
    db
      .select({ categoryId: table.categoryId, total: count() })
      .from(table)
      .groupBy(table.categoryId);
  const [rows, postCounts, videoCounts, imageCounts] = await Promise.all([
    listCategories(),
    usage(posts),
    usage(videos),
    usage(images),
  ]);
  const countOf = (list: { categoryId: string | null; total: number }[], id: string) =>
    list.find((entry) => entry.categoryId === id)?.total ?? 0;
  return rows.map((category) => ({
    ...category,
    postsCount: countOf(postCounts, category.id),
    videosCount: countOf(videoCounts, category.id),
    imagesCount: countOf(imageCounts, category.id),
  }));
}

export type StaffCategory = Awaited<ReturnType<typeof listCategoriesForStaff>>[number];

export async function createCategory(actor: Actor | null, input: CategoryInput) {
  assertRole(actor, "editor");
  try {
    const [created] = await db.insert(categories).values(input).returning();
    return created;
  } catch (error) {
    throw asTakenError(error);
  }
}

/** Renames a category (name and slug). */
export async function updateCategory(actor: Actor | null, id: string, input: CategoryInput) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  try {
    const [updated] = await db
      .update(categories)
      .set(input)
      .where(eq(categories.id, id))
      .returning();
    if (!updated) throw notFound();
    return updated;
  } catch (error) {
    throw asTakenError(error);
  }
}

/** Deletes a category; its posts, videos and images stay, uncategorised (ON DELETE SET NULL). */
export async function deleteCategory(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [deleted] = await db.delete(categories).where(eq(categories.id, id)).returning();
  if (!deleted) throw notFound();
  return deleted;
}
