/** Runs one SQL statement and answers its rows (PGlite and node-postgres alike). */
export type RunQuery = (sql: string) => Promise<Record<string, unknown>[]>;

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the site's own schemas (public, drizzle…), as "schema.table", sorted. */
export async function listTables(query: RunQuery): Promise<string[]> {
  const rows = await query(`
    select n.nspname || '.' || c.relname as name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    order by 1`);
  return rows.map((row) => String(row.name));
}

/** Rows in every table, counted in one statement (so in one snapshot). */
export async function countRows(query: RunQuery): Promise<Record<string, number>> {
  const tables = await listTables(query);
  if (!tables.length) return {};
  const parts = tables.map((table) => {
    const [schema, name] = table.split(/\.(.*)/s);
    return `select ${quoteLiteral(table)} as name, count(*)::int as count from ${quoteIdentifier(schema)}.${quoteIdentifier(name)}`;
  });
  const rows = await query(parts.join(" union all "));
  return Object.fromEntries(rows.map((row) => [String(row.name), Number(row.count)]));
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** What differs between two row counts, in words for the operator; empty when they agree. */
export function describeCountDifferences(
  expected: Record<string, number>,
  actual: Record<string, number>,
): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map(
      (name) => `${name}: ${expected[name] ?? "—"} في النسخة، ${actual[name] ?? "—"} بعد الاستعادة`,
    );
}
