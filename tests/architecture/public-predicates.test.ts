import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CONTENT_TYPE_LIST, type ContentType } from "~/shared/content-types";

// docs/decisions/063: what the public may see of a content table is one predicate, exported by
// its model (`publicPosts()`, `publicEvents()`…). Every query of the models that reads a content
// table is either a staff read (it checks the role), a public read (it uses the predicate), or
// one of the named jobs below, each with its reason. A new query that reads a table without any
// of these fails here, as does a second hand-written copy of a predicate.

/** The Drizzle name of a type's table (`newsletter_campaigns` → `newsletterCampaigns`). */
const tableOf = (type: ContentType) =>
  (type.tables[0] ?? type.name).replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Its predicate's name: `public` and the type's name (`publicPosts`, `publicCampaigns`). */
const predicateOf = (type: ContentType) =>
  `public${type.name.charAt(0).toUpperCase()}${type.name.slice(1)}`;

/** Reads of a content table that are neither staff reads nor the public's, and why. */
const NOT_PUBLIC: Record<string, string> = {
  "scheduled-posts.server.ts#announceDuePosts": "a job: the posts that came due in a window",
  "pages.server.ts#announceDuePages": "a job: the pages that came due in a window",
  "change-visibility.server.ts#createPublicChangeFilter":
    "reads through PUBLIC_ROWS, a map of the models' predicates",
  "campaigns.server.ts#findCampaign": "staff: getCampaignForStaff's read, after its role check",
  "campaigns.server.ts#startDueCampaigns": "a job: the scheduled campaigns whose time came",
  "campaigns.server.ts#campaignMailParts": "the mail worker: the campaigns of queued messages",
  "campaigns.server.ts#sentCampaignBody":
    "a newsletter link's redirect: the sent campaign its signed token names (decision 074)",
  "reading-counts.server.ts#clicksSince":
    "staff statistics (readStatistics, campaignLinkClicks check the role): a campaign's subject",
  "demo-content.server.ts#isPostSlugTaken": "the demo seed: whether a row exists, any status",
  "demo-content.server.ts#hasAnyVideo": "the demo seed: whether a row exists, any status",
  "demo-content.server.ts#hasAnyImage": "the demo seed: whether a row exists, any status",
  "events.server.ts#isEventSlugTaken": "the demo seed: whether a row exists, any status",
  "event-registrations.server.ts#lockEvent":
    "locks the row; registering refuses an unpublished event in the same transaction",
  "event-registrations.server.ts#mailedEvent": "a registration's mail: the event registered for",
  "event-registrations.server.ts#getRegistrationByToken":
    "a registration's own page, by its signed token: the event registered for",
  "personal-data.server.ts#eventRegistrationsSource":
    "staff: the privacy tool's read (admins, checked by findPersonalData and exportPersonalData)",
  "gallery.server.ts#videoSide": "its condition is sideCondition's, which holds publicVideos()",
  "gallery.server.ts#imageSide": "its condition is sideCondition's, which holds publicImages()",
  "images.server.ts#isOurImage": "whether an address is one of our uploads",
  "pages.server.ts#pagesLinkingTo": "staff: the deletion question's pages linking to a page",
  "posts.server.ts#selectPostPage": "a helper: its callers pass publicPosts()",
};

interface Source {
  file: string;
  text: string;
}

/** A module's top-level declarations (functions and constants), by name. */
function declarations(text: string): { name: string; body: string }[] {
  const starts = [
    ...text.matchAll(/^(?:export )?(?:async )?(?:function\*? |const |let )([A-Za-z_$][\w$]*)/gm),
  ];
  return starts.map((match, index) => ({
    name: match[1] ?? "",
    body: text.slice(match.index, starts[index + 1]?.index ?? text.length),
  }));
}

const readsTable = (body: string, table: string) =>
  new RegExp(`(\\.from\\(|Join\\(|\\$count\\(|\\.update\\(|\\.delete\\()\\s*${table}\\b`).test(
    body,
  );
const isStaffRead = (name: string, body: string) =>
  /staff/i.test(name) || /assertRole\(|\bactor\b/.test(body);

/** Every read of a content table by the public without its predicate, as "file#name: table". */
function unguardedReads(sources: Source[], types: readonly ContentType[]): string[] {
  const found: string[] = [];
  for (const { file, text } of sources) {
    for (const { name, body } of declarations(text)) {
      for (const type of types) {
        const table = tableOf(type);
        const predicate = predicateOf(type);
        if (!readsTable(body, table) || isStaffRead(name, body) || body.includes(`${predicate}(`))
          continue;
        if (name === predicate || NOT_PUBLIC[`${file}#${name}`]) continue;
        // A write (update, delete) is a model's own business; only reads are the public's.
        if (!new RegExp(`(\\.from\\(|Join\\(|\\$count\\()\\s*${table}\\b`).test(body)) continue;
        found.push(`${file}#${name}: ${table}`);
      }
    }
  }
  return found;
}

/** The "public rows" conditions written out by hand, outside their predicate. */
function copiedPredicates(sources: Source[], types: readonly ContentType[]): string[] {
  const found: string[] = [];
  for (const { file, text } of sources) {
    for (const { name, body } of declarations(text)) {
      for (const type of types) {
        const literal = new RegExp(
          `eq\\(${tableOf(type)}\\.status, "(${type.publicStatuses.join("|") || "-"})"\\)`,
        );
        if (literal.test(body) && name !== predicateOf(type) && !NOT_PUBLIC[`${file}#${name}`])
          found.push(`${file}#${name}`);
      }
    }
  }
  return found;
}

const MODELS = "app/models";
const modelSources = (): Source[] =>
  readdirSync(MODELS)
    .filter((file) => file.endsWith(".server.ts"))
    .map((file) => ({ file, text: readFileSync(join(MODELS, file), "utf8") }));

test("each content type's predicate is exported once, by a model", () => {
  const sources = modelSources();
  for (const type of CONTENT_TYPE_LIST) {
    const exported = sources.filter(({ text }) =>
      new RegExp(`^export const ${predicateOf(type)} = `, "m").test(text),
    );
    expect(
      exported.map(({ file }) => file),
      type.name,
    ).toHaveLength(1);
  }
});

test("every model query of a content table is a staff read, uses the table's predicate or is a named job", () => {
  const sources = modelSources();
  expect(unguardedReads(sources, CONTENT_TYPE_LIST)).toEqual([]);
  expect(copiedPredicates(sources, CONTENT_TYPE_LIST)).toEqual([]);
  // The listed jobs still exist (a stale entry would hide a renamed query).
  for (const key of Object.keys(NOT_PUBLIC)) {
    const [file, name] = key.split("#");
    const source = sources.find((one) => one.file === file);
    expect(source && declarations(source.text).some((one) => one.name === name), key).toBe(true);
  }
});

test("a planted public query that reads a table without its predicate is caught", () => {
  const planted: Source = {
    file: "planted.server.ts",
    text: [
      'import { events } from "../../database/schema";',
      "export async function listEveryEvent() {",
      '  return db.select().from(events).where(eq(events.status, "published"));',
      "}",
      "export async function listStaffEvents(actor: Actor | null) {",
      '  assertRole(actor, "editor");',
      "  return db.select().from(events);",
      "}",
      "export async function listPublicEvents() {",
      "  return db.select().from(events).where(publicEvents());",
      "}",
      "",
    ].join("\n"),
  };
  const sources = [...modelSources(), planted];
  expect(unguardedReads(sources, CONTENT_TYPE_LIST)).toEqual([
    "planted.server.ts#listEveryEvent: events",
  ]);
  expect(copiedPredicates(sources, CONTENT_TYPE_LIST)).toEqual([
    "planted.server.ts#listEveryEvent",
  ]);
});

test("the public queries are found by their predicate: pages, menus, search, events, archive", () => {
  const publicQueries = modelSources().flatMap(({ file, text }) =>
    declarations(text)
      .filter(({ name, body }) =>
        CONTENT_TYPE_LIST.some(
          (type) => name !== predicateOf(type) && body.includes(`${predicateOf(type)}(`),
        ),
      )
      .map(({ name }) => `${file}#${name}`),
  );
  expect(publicQueries).toEqual(
    expect.arrayContaining([
      "pages.server.ts#getPublishedPage",
      "menus.server.ts#listInternalTargets",
      "search.server.ts#SEARCH_SOURCES",
      "events.server.ts#getPublishedEvent",
      "events.server.ts#countPublishedEvents",
      "posts.server.ts#countPublishedPosts",
      "campaigns.server.ts#getArchivedCampaign",
      "gallery.server.ts#galleryTallies",
    ]),
  );
});
