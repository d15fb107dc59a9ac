import { type PGlite, types } from "@electric-sql/pglite";

/**
 * Drizzle reads dates, timestamps and intervals (and their arrays) as PostgreSQL's text and maps
 * them itself, so it asks PGlite for them unparsed with `parsers` on every query. PGlite then
 * copies its whole table of ~320 type parsers into a new object for each query: 40–60 % of a
 * small query's JavaScript, and the largest source of garbage of a form's answer
 * (docs/decisions/086). The same parsers are set on the instance instead, once and again if
 * PGlite rebuilt its table (it does after new array types), and drizzle's per-query ones are left
 * out: PGlite answers exactly the same rows.
 */
const KEPT_AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

type QueryOptions = { parsers?: unknown; [option: string]: unknown } | undefined;
type Queryable = { query(sql: string, params?: unknown[], options?: QueryOptions): unknown };

/** The PGlite client to give drizzle: every query and transaction reads dates as text. */
export function withTextDates(client: PGlite): PGlite {
  const keepText = () => {
    for (const oid of KEPT_AS_TEXT)
      if (client.parsers[oid] !== asText) client.parsers[oid] = asText;
  };
  const queryOf =
    (target: Queryable) => (sql: string, params?: unknown[], options?: QueryOptions) => {
      keepText();
      return target.query(
        sql,
        params,
        options?.parsers ? { ...options, parsers: undefined } : options,
      );
    };
  const wrap = <T extends object>(target: T): T => {
    // Assignable as on the client itself (a test may spy on `query` and put it back).
    let query: unknown = queryOf(target as unknown as Queryable);
    const bound = new Map<PropertyKey, unknown>();
    return new Proxy(target, {
      get(object, property) {
        if (property === "query") return query;
        if (property === "transaction") {
          return <R>(run: (tx: object) => Promise<R>) =>
            (object as unknown as PGlite).transaction((tx) => run(wrap(tx)));
        }
        const value = Reflect.get(object, property, object);
        if (typeof value !== "function") return value;
        // PGlite's methods use private fields: they run on the instance, not on the proxy.
        if (!bound.has(property)) bound.set(property, value.bind(object));
        return bound.get(property);
      },
      set(object, property, value) {
        if (property === "query") query = value;
        else Reflect.set(object, property, value, object);
        return true;
      },
    });
  };
  return wrap(client);
}
