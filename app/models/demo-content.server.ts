import { eq } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { images, posts, users, videos } from "../../database/schema";

// What the demo seed (scripts/seed.ts, development only) asks before it adds anything, so that a
// second run changes nothing. System reads with no actor: no route or service calls them.

/** The account with this address (id, e-mail, name), or null. */
export async function findAccountByEmail(email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

/** Whether a post (any status) already has this slug. */
export async function isPostSlugTaken(slug: string): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
  return Boolean(row);
}

/** Whether there is any video at all. */
export async function hasAnyVideo(): Promise<boolean> {
  const [row] = await db.select({ id: videos.id }).from(videos).limit(1);
  return Boolean(row);
}

/** Whether the gallery holds any image at all. */
export async function hasAnyImage(): Promise<boolean> {
  const [row] = await db.select({ id: images.id }).from(images).limit(1);
  return Boolean(row);
}
