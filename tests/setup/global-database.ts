import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { createPgliteHandle } from "../../app/utils/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Creates and migrates one PGlite per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const TEMPLATE_PATH = path.resolve(`tests/.tmp/pglite-template-${process.pid}.tar.gz`);
  const client = await PGlite.create();
  await createPgliteHandle(client).migrate();
  const dump = await client.dumpDataDir("gzip");
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide("pgliteTemplate", TEMPLATE_PATH);
  return () => rmSync(TEMPLATE_PATH, { force: true });
}
