import { asc } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { categories } from "../../database/schema";

/** All categories ordered by name (spec §3). */
export async function listCategories() {
  return db.select().from(categories).orderBy(asc(categories.name));
}

export type Category = Awaited<ReturnType<typeof listCategories>>[number];
