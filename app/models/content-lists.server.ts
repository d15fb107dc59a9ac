import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AuditAction } from "~/shared/audit-subjects";
import {
  CARD_LIST_MESSAGES,
  type CardDetails,
  type CardFields,
  type CardItem,
  type CardListHistory,
  type CardListMap,
  cardDetailsSchema,
  cardFieldsSchema,
  MAX_CARDS,
  newCardKey,
  type StoredCardList,
  storedCardSchema,
} from "~/shared/card-items";
import { type CardListDefinition, findCardList } from "~/shared/card-list-definitions";
import { blockId, CONTENT_KEY_PATTERN } from "~/shared/content-blocks";
import { ConflictError, InvalidInputError, NotFoundError } from "~/shared/domain-errors";
import { imageFileSchema } from "~/shared/image-rules";
import { type Actor, assertRole } from "~/shared/roles";
import { type Database, db } from "~/utils/db.server";
import { removeImage, storeImage } from "~/utils/image-upload.server";
import { logger } from "~/utils/logger.server";
import { cachedRead, forgetReads } from "~/utils/read-cache.server";
import { contentListRevisions, contentLists, users } from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";

/** Where list images are stored (`cards/{timestamp}-{random}.webp`, like `posts/…`). */
const IMAGE_FOLDER = "cards";
const TABLE = "content_lists";

// ─── inputs ────────────────────────────────────────────────────────────────────────────────

/** Which list: a page path and a key that name one of the site's editable lists. */
export const cardListTargetSchema = z
  .object({
    pagePath: z.string({ error: CARD_LIST_MESSAGES.unknownList }).max(300),
    listKey: z
      .string({ error: CARD_LIST_MESSAGES.unknownList })
      .max(100)
      .regex(CONTENT_KEY_PATTERN, CARD_LIST_MESSAGES.unknownList),
  })
  .refine(
    ({ pagePath, listKey }) => Boolean(findCardList(pagePath, listKey)),
    CARD_LIST_MESSAGES.unknownList,
  );
type Target = { pagePath: string; listKey: string };

/** The version of the list the editor showed; absent when it showed the built-in cards. */
const expectedUpdatedAt = z.iso
  .datetime({ offset: true, error: CARD_LIST_MESSAGES.invalidVersion })
  .optional();

const cardKey = z
  .string({ error: CARD_LIST_MESSAGES.unknownCard })
  .max(60, CARD_LIST_MESSAGES.unknownCard)
  .regex(CONTENT_KEY_PATTERN, CARD_LIST_MESSAGES.unknownCard);

const versioned = { expectedUpdatedAt };

export const addCardSchema = z.object({
  target: cardListTargetSchema,
  fields: cardFieldsSchema,
  image: imageFileSchema.optional(),
  position: z.enum(["start", "end"]).default("end"),
  ...versioned,
});
export type AddCardInput = z.input<typeof addCardSchema>;

export const editCardSchema = z.object({
  target: cardListTargetSchema,
  itemKey: cardKey,
  details: cardDetailsSchema,
  image: imageFileSchema.optional(),
  /** Drop the card's image (a new `image` wins over it). */
  removeImage: z.boolean({ error: CARD_LIST_MESSAGES.invalidRequest }).default(false),
  ...versioned,
});
export type EditCardInput = z.input<typeof editCardSchema>;

export const removeCardSchema = z.object({
  target: cardListTargetSchema,
  itemKey: cardKey,
  ...versioned,
});
export type RemoveCardInput = z.input<typeof removeCardSchema>;

export const moveCardSchema = z.object({
  target: cardListTargetSchema,
  itemKey: cardKey,
  direction: z.enum(["up", "down"], { error: CARD_LIST_MESSAGES.invalidRequest }),
  ...versioned,
});
export type MoveCardInput = z.input<typeof moveCardSchema>;

export const restoreCardListSchema = z.object({
  target: cardListTargetSchema,
  revisionId: z.uuid({ error: CARD_LIST_MESSAGES.invalidRevision }),
  ...versioned,
});
export type RestoreCardListInput = z.input<typeof restoreCardListSchema>;

export const resetCardListSchema = z.object({ target: cardListTargetSchema, ...versioned });
export type ResetCardListInput = z.input<typeof resetCardListSchema>;

function parseOrRefuse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.at(-1);
  throw new InvalidInputError(
    issue?.message && /[\u0600-\u06FF]/.test(issue.message)
      ? issue.message
      : CARD_LIST_MESSAGES.invalidRequest,
    typeof field === "string" ? field : null,
  );
}

// ─── reads ─────────────────────────────────────────────────────────────────────────────────

/** The stored cards that still pass the card rules (a hand-edited row cannot break a page). */
function validCards(items: unknown): CardItem[] {
  if (!Array.isArray(items)) return [];
  const cards: CardItem[] = [];
  for (const item of items) {
    const parsed = storedCardSchema.safeParse(item);
    if (parsed.success) cards.push(parsed.data);
  }
  return cards;
}

const toStored = (row: { items: unknown; updatedAt: Date }): StoredCardList => ({
  items: validCards(row.items),
  updatedAt: row.updatedAt.toISOString(),
});

/** The stored lists of one page path, read once per list change; may throw. */
export function readPageCardLists(pagePath: string): Promise<CardListMap> {
  return cachedRead(`${TABLE}:${pagePath}`, TABLE, async () => {
    const rows = await db
      .select({
        listKey: contentLists.listKey,
        items: contentLists.items,
        updatedAt: contentLists.updatedAt,
      })
      .from(contentLists)
      .where(eq(contentLists.pagePath, pagePath));
    const lists: CardListMap = {};
    for (const row of rows) lists[blockId(pagePath, row.listKey)] = toStored(row);
    return lists;
  });
}

/**
 * The stored lists of the given page paths. A failed read is logged and answers nothing, so
 * every list shows its built-in cards (as page texts do, spec §8).
 */
export async function getCardLists(paths: string[]): Promise<CardListMap> {
  try {
    return Object.assign({}, ...(await Promise.all(paths.map(readPageCardLists))));
  } catch (error) {
    logger.error({ err: error, paths }, "failed to read the card lists");
    return {};
  }
}

const whereList = ({ pagePath, listKey }: Target) =>
  and(eq(contentLists.pagePath, pagePath), eq(contentLists.listKey, listKey));

async function readList(
  executor: Pick<Database, "select">,
  target: Target,
): Promise<StoredCardList | null> {
  const [row] = await executor
    .select({ items: contentLists.items, updatedAt: contentLists.updatedAt })
    .from(contentLists)
    .where(whereList(target));
  return row ? toStored(row) : null;
}

// ─── writes ────────────────────────────────────────────────────────────────────────────────

/** A write answers the list as now stored (null: back to its built-in cards), or a conflict. */
export type CardListOutcome =
  | {
      status: "saved";
      list: StoredCardList | null;
      /** The saved version this write replaced (null: the built-in cards), for an undo. */
      before: string | null;
      definition: CardListDefinition;
    }
  | { status: "conflict"; current: StoredCardList | null };

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

function isUnchangedSince(current: StoredCardList | null, expected: string | undefined) {
  if (!current || !expected) return !current && !expected;
  return new Date(current.updatedAt).getTime() === new Date(expected).getTime();
}

function definitionOf(target: Target): CardListDefinition {
  const definition = findCardList(target.pagePath, target.listKey);
  if (!definition) throw new NotFoundError(CARD_LIST_MESSAGES.unknownList);
  return definition;
}

/** What a change did, besides the new cards: its history line and, for the log, its card. */
interface ListChange {
  items: CardItem[];
  summary: string;
  /** The card it added, changed, removed or moved (its title), for the audit log's item. */
  card?: string;
  /** A changed card's details before and after (the cards' titles alone do not say it). */
  details?: { before: CardItem; after: CardItem };
}

const titlesOf = (cards: readonly CardItem[]) => cards.map((card) => card.title).join("، ");
const detailsOf = (card: CardItem) => ({
  icon: card.icon ?? "",
  link: card.link ?? "",
  image: card.image?.url ?? "",
});

/**
 * Changes one list under a transaction-scoped lock, once it is known not to have changed since
 * the editor read it: `change` gets the cards shown now (stored, or the defaults) and answers
 * the new cards and what it did, or null to delete the row (back to the defaults). The save is
 * in the audit log as `action`, in this transaction (docs/decisions/075); a conflict is not.
 */
async function changeList(
  actor: Actor,
  target: Target,
  expected: string | undefined,
  action: AuditAction,
  change: (cards: readonly CardItem[], tx: Transaction) => Promise<ListChange | null>,
): Promise<CardListOutcome> {
  const definition = definitionOf(target);
  const outcome = await db.transaction(async (tx): Promise<CardListOutcome> => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${TABLE}:${target.pagePath}`}), hashtext(${target.listKey}))`,
    );
    const current = await readList(tx, target);
    if (!isUnchangedSince(current, expected)) return { status: "conflict", current };
    const shown = current?.items ?? definition.defaults;
    const next = await change(shown, tx);
    const before = current ? await revisionIdOf(tx, target, current) : null;
    await recordStaffAction(tx, {
      actor,
      subject: "content_lists",
      action,
      item: {
        id: `${target.pagePath}#${target.listKey}`,
        label: next?.card ? `${definition.label}: «${next.card}»` : definition.label,
      },
      before: { cards: titlesOf(shown), ...(next?.details && detailsOf(next.details.before)) },
      after: {
        cards: titlesOf(next?.items ?? definition.defaults),
        ...(next?.details && detailsOf(next.details.after)),
      },
    });
    if (!next) {
      await tx.delete(contentLists).where(whereList(target));
      return { status: "saved", list: null, before, definition };
    }
    // Strictly later than the version it replaces, so every save is a new version.
    const previous = current ? new Date(current.updatedAt).getTime() : 0;
    const updatedAt = new Date(Math.max(Date.now(), previous + 1));
    const fields = { items: next.items, updatedBy: actor.id, updatedAt };
    await tx
      .insert(contentLists)
      .values({ ...target, ...fields })
      .onConflictDoUpdate({ target: [contentLists.pagePath, contentLists.listKey], set: fields });
    await tx.insert(contentListRevisions).values({
      ...target,
      items: next.items,
      summary: next.summary,
      savedBy: actor.id,
      savedAt: updatedAt,
    });
    return { status: "saved", list: await readList(tx, target), before, definition };
  });
  if (outcome.status === "saved") forgetReads({ table: TABLE });
  return outcome;
}

/** The revision that saved the list's current version (every save writes one at its time). */
async function revisionIdOf(tx: Transaction, target: Target, current: StoredCardList) {
  const [row] = await tx
    .select({ id: contentListRevisions.id })
    .from(contentListRevisions)
    .where(
      and(
        eq(contentListRevisions.pagePath, target.pagePath),
        eq(contentListRevisions.listKey, target.listKey),
        eq(contentListRevisions.savedAt, new Date(current.updatedAt)),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

const indexOfCard = (cards: readonly CardItem[], key: string) => {
  const index = cards.findIndex((card) => card.key === key);
  if (index < 0) throw new NotFoundError(CARD_LIST_MESSAGES.unknownCard, "itemKey");
  return index;
};

/** The card with these details; its key, title and text (page texts) stay as they were. */
function withDetails(card: CardItem, details: CardDetails, imageUrl: string | undefined): CardItem {
  return {
    key: card.key,
    title: card.title,
    text: card.text,
    ...(details.icon ? { icon: details.icon } : {}),
    ...(details.link ? { link: details.link } : {}),
    ...(imageUrl ? { image: { url: imageUrl, alt: details.imageAlt ?? "" } } : {}),
  };
}

function newCard(fields: CardFields, taken: readonly CardItem[], imageUrl?: string): CardItem {
  let key: string;
  do key = newCardKey(randomBytes(5).toString("hex"));
  while (taken.some((card) => card.key === key));
  return withDetails({ key, title: fields.title, text: fields.text }, fields, imageUrl);
}

/** Adds a card (admins only), its image stored through the upload pipeline first. */
export async function addCard(actor: Actor | null, input: AddCardInput): Promise<CardListOutcome> {
  const admin = assertRole(actor, "admin");
  const { target, fields, image, position, expectedUpdatedAt } = parseOrRefuse(
    addCardSchema,
    input,
  );
  definitionOf(target);
  const stored = image ? await storeImage(image, IMAGE_FOLDER) : null;
  let outcome: CardListOutcome | undefined;
  try {
    outcome = await changeList(admin, target, expectedUpdatedAt, "created", async (cards) => {
      if (cards.length >= MAX_CARDS) throw new InvalidInputError(CARD_LIST_MESSAGES.tooMany);
      const card = newCard(fields, cards, stored?.url);
      const items = position === "start" ? [card, ...cards] : [...cards, card];
      return { items, summary: `أُضيفت بطاقة «${card.title}»`, card: card.title };
    });
    return outcome;
  } finally {
    // An image no list holds is not kept.
    if (stored && outcome?.status !== "saved") await removeImage(stored.url);
  }
}

const sameCard = (a: CardItem, b: CardItem) =>
  a.icon === b.icon &&
  a.link === b.link &&
  a.image?.url === b.image?.url &&
  a.image?.alt === b.image?.alt;

/**
 * Changes a card's icon, link or image (admins only). A new image is stored through the upload
 * pipeline first; the card's earlier image is never deleted, so history and undo still find it.
 */
export async function editCard(
  actor: Actor | null,
  input: EditCardInput,
): Promise<CardListOutcome> {
  const admin = assertRole(actor, "admin");
  const {
    target,
    itemKey,
    details,
    image,
    removeImage: dropImage,
    expectedUpdatedAt,
  } = parseOrRefuse(editCardSchema, input);
  definitionOf(target);
  const stored = image ? await storeImage(image, IMAGE_FOLDER) : null;
  let outcome: CardListOutcome | undefined;
  try {
    outcome = await changeList(admin, target, expectedUpdatedAt, "updated", async (cards) => {
      const index = indexOfCard(cards, itemKey);
      const card = cards[index];
      const imageUrl = stored?.url ?? (dropImage ? undefined : card.image?.url);
      const edited = withDetails(card, details, imageUrl);
      if (sameCard(card, edited)) throw new InvalidInputError(CARD_LIST_MESSAGES.unchanged);
      return {
        items: cards.map((each, at) => (at === index ? edited : each)),
        summary: `عُدّلت بطاقة «${card.title}»`,
        card: card.title,
        details: { before: card, after: edited },
      };
    });
    return outcome;
  } finally {
    // A new image no list holds is not kept (the card's earlier image always is).
    if (stored && outcome?.status !== "saved") await removeImage(stored.url);
  }
}

/** Removes a card (admins only); its image stays, so history and undo can bring it back. */
export async function removeCard(
  actor: Actor | null,
  input: RemoveCardInput,
): Promise<CardListOutcome> {
  const admin = assertRole(actor, "admin");
  const { target, itemKey, expectedUpdatedAt } = parseOrRefuse(removeCardSchema, input);
  return changeList(admin, target, expectedUpdatedAt, "deleted", async (cards) => {
    const index = indexOfCard(cards, itemKey);
    if (cards.length === 1) throw new InvalidInputError(CARD_LIST_MESSAGES.lastCard);
    return {
      items: cards.filter((_, at) => at !== index),
      summary: `حُذفت بطاقة «${cards[index].title}»`,
      card: cards[index].title,
    };
  });
}

/** Moves a card one place up (towards the start) or down (admins only). */
export async function moveCard(
  actor: Actor | null,
  input: MoveCardInput,
): Promise<CardListOutcome> {
  const admin = assertRole(actor, "admin");
  const { target, itemKey, direction, expectedUpdatedAt } = parseOrRefuse(moveCardSchema, input);
  return changeList(admin, target, expectedUpdatedAt, "reordered", async (cards) => {
    const from = indexOfCard(cards, itemKey);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= cards.length) {
      throw new ConflictError(CARD_LIST_MESSAGES.cannotMove, "direction");
    }
    const items = [...cards];
    [items[from], items[to]] = [items[to], items[from]];
    const where = direction === "up" ? "إلى الأعلى" : "إلى الأسفل";
    return {
      items,
      summary: `نُقلت بطاقة «${cards[from].title}» ${where}`,
      card: cards[from].title,
    };
  });
}

/** Brings back an earlier version of the list: a new save of it, so it is in history too. */
export async function restoreCardList(
  actor: Actor | null,
  input: RestoreCardListInput,
): Promise<CardListOutcome> {
  const admin = assertRole(actor, "admin");
  const { target, revisionId, expectedUpdatedAt } = parseOrRefuse(restoreCardListSchema, input);
  const [revision] = await db
    .select({ items: contentListRevisions.items, savedAt: contentListRevisions.savedAt })
    .from(contentListRevisions)
    .where(
      and(
        eq(contentListRevisions.id, revisionId),
        eq(contentListRevisions.pagePath, target.pagePath),
        eq(contentListRevisions.listKey, target.listKey),
      ),
    );
  if (!revision) throw new NotFoundError(CARD_LIST_MESSAGES.invalidRevision, "revisionId");
  const items = validCards(revision.items);
  if (items.length === 0) throw new NotFoundError(CARD_LIST_MESSAGES.invalidRevision, "revisionId");
  return changeList(admin, target, expectedUpdatedAt, "restored", async () => ({
    items,
    summary: "استُعيدت نسخة سابقة من القائمة",
  }));
}

/** Deletes the stored list, so the page shows its built-in cards again (admins only). */
export async function resetCardList(
  actor: Actor | null,
  input: ResetCardListInput,
): Promise<CardListOutcome> {
  const admin = assertRole(actor, "admin");
  const { target, expectedUpdatedAt } = parseOrRefuse(resetCardListSchema, input);
  return changeList(admin, target, expectedUpdatedAt, "reset", async () => null);
}

export const CARD_LIST_HISTORY_LIMIT = 50;

/** The list's saved versions, newest first, with their authors (admins only). */
export async function listCardListRevisions(
  actor: Actor | null,
  input: Target,
): Promise<CardListHistory> {
  assertRole(actor, "admin");
  const target = parseOrRefuse(cardListTargetSchema, input);
  const rows = await db
    .select({
      id: contentListRevisions.id,
      items: contentListRevisions.items,
      summary: contentListRevisions.summary,
      savedAt: contentListRevisions.savedAt,
      savedBy: users.fullName,
    })
    .from(contentListRevisions)
    .leftJoin(users, eq(users.id, contentListRevisions.savedBy))
    .where(
      and(
        eq(contentListRevisions.pagePath, target.pagePath),
        eq(contentListRevisions.listKey, target.listKey),
      ),
    )
    .orderBy(desc(contentListRevisions.savedAt), desc(contentListRevisions.id))
    .limit(CARD_LIST_HISTORY_LIMIT);
  return {
    current: await readList(db, target),
    revisions: rows.map((row) => ({
      id: row.id,
      items: validCards(row.items),
      summary: row.summary,
      savedAt: row.savedAt.toISOString(),
      savedBy: row.savedBy?.trim() || "مستخدم",
    })),
  };
}
