import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createPgliteHandle } from "../../app/utils/db.server";

export const TEMPLATE_PATH = path.resolve("tests/.tmp/pglite-template.tar.gz");

/** Creates and migrates one PGlite per run; every test file starts from a copy of it. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const client = await PGlite.create();
  await createPgliteHandle(client).migrate();
  const dump = await client.dumpDataDir("gzip");
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
