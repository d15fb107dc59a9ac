/**
 * A separate process that starts as the server does on PostgreSQL (the three-process start-up
 * test): migrate under the lock (app/utils/db.server.ts), then serve. DATABASE_URL is the
 * database; MIGRATIONS_FOLDER (optional) a copy of the migrations. It prints `{"port":…}` when
 * ready and answers GET / with the migrations it sees; a failed migration ends it with code 1.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createPostgresHandle } from "~/utils/db.server";

const handle = createPostgresHandle(String(process.env.DATABASE_URL), {
  migrationsFolder: process.env.MIGRATIONS_FOLDER || undefined,
});
try {
  await handle.migrate();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  await handle.close();
  process.exit(1);
}
const server = http.createServer(async (_req, res) => {
  try {
    const result = await handle.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ migrations: (result.rows[0] as { n: number }).n }));
  } catch (error) {
    res.writeHead(503).end(String(error));
  }
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  void handle.close().then(() => process.exit(0));
});
