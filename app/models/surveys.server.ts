import { and, asc, eq, gte, isNotNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { SURVEY_QUESTIONS } from "~/content/feedback";
import { NotFoundError } from "~/shared/domain-errors";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole } from "~/shared/roles";
import type { SurveyAudience } from "~/shared/statuses";
import type { QuestionResult } from "~/shared/survey-results";
import { db } from "~/utils/db.server";
import { isUuid, newestFirst } from "~/utils/db-helpers.server";
import { surveyResponses } from "../../database/schema";

export type SurveyResponse = typeof surveyResponses.$inferSelect;

/** One person's answers as they sent them (the route's schema checked and normalised them). */
export type SurveyInput = Pick<
  typeof surveyResponses.$inferInsert,
  "answers" | "comment" | "contactName" | "contactPhone"
>;

const notFound = () => new NotFoundError("الإجابة غير موجودة");

/** Keeps one person's answers (anonymous unless they asked to be contacted). */
export async function submitSurveyResponse(audience: SurveyAudience, input: SurveyInput) {
  const [row] = await db
    .insert(surveyResponses)
    .values({
      audience,
      answers: input.answers,
      comment: input.comment,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
    })
    .returning({ id: surveyResponses.id });
  return row;
}

export interface SurveyRange {
  audience: SurveyAudience;
  /** Inclusive start of the period. */
  from?: Date;
  /** Exclusive end of the period. */
  to?: Date;
}

function rangeConditions({ audience, from, to }: SurveyRange): SQL[] {
  const conditions: SQL[] = [eq(surveyResponses.audience, audience)];
  if (from) conditions.push(gte(surveyResponses.createdAt, from));
  if (to) conditions.push(lt(surveyResponses.createdAt, to));
  return conditions;
}

/** Every answer of one survey in a period, oldest first: for the CSV file only. */
export async function listSurveyResponsesForStaff(actor: Actor | null, range: SurveyRange) {
  assertRole(actor, "editor");
  return db
    .select()
    .from(surveyResponses)
    .where(and(...rangeConditions(range)))
    .orderBy(asc(surveyResponses.createdAt), asc(surveyResponses.id));
}

/** The ratings (1..5) given inside `answers`, one row per question answered. */
const ratingsOf = sql`jsonb_each(${surveyResponses.answers}) as rating(key, value)`;
/** A rating's number, or null when the value is not a number (the cast is never tried then). */
const ratingNumber = sql`case when jsonb_typeof(rating.value) = 'number' then rating.value::numeric end`;
const isRating = sql`${ratingNumber} in (1, 2, 3, 4, 5)`;

/** Answers with a comment or a request to be contacted. */
const hasCommentOrContact = or(
  and(isNotNull(surveyResponses.comment), ne(surveyResponses.comment, "")),
  and(isNotNull(surveyResponses.contactName), ne(surveyResponses.contactName, "")),
);

export const SURVEY_COMMENTS_PAGE_SIZE = 20;

/**
 * Count, average and distribution per question of one survey in a period, computed by the
 * database (one row per question and rating), and one page of its comments, newest first
 * (docs/decisions/036).
 */
export async function surveyResultsForStaff(
  actor: Actor | null,
  range: SurveyRange,
  commentsPage = 1,
) {
  assertRole(actor, "editor");
  const inRange = and(...rangeConditions(range));
  const [total, tally, comments] = await Promise.all([
    db.$count(surveyResponses, inRange),
    db.execute<{ key: string; rating: number; answers: number }>(sql`
      select rating.key as key, ${ratingNumber}::int as rating, count(*)::int as answers
      from ${surveyResponses}, ${ratingsOf}
      where ${inRange} and ${isRating}
      group by 1, 2`),
    readCountedPage(commentsPage, SURVEY_COMMENTS_PAGE_SIZE, {
      rows: ({ limit, offset }) =>
        db
          .select({
            id: surveyResponses.id,
            comment: surveyResponses.comment,
            contactName: surveyResponses.contactName,
            contactPhone: surveyResponses.contactPhone,
            createdAt: surveyResponses.createdAt,
          })
          .from(surveyResponses)
          .where(and(inRange, hasCommentOrContact))
          .orderBy(...newestFirst(surveyResponses.createdAt, surveyResponses.id))
          .limit(limit)
          .offset(offset),
      count: () => db.$count(surveyResponses, and(inRange, hasCommentOrContact)),
    }),
  ]);
  const questions: QuestionResult[] = SURVEY_QUESTIONS[range.audience].map(({ key, text }) => {
    const distribution: QuestionResult["distribution"] = [0, 0, 0, 0, 0];
    for (const row of tally.rows) {
      if (row.key === key) distribution[Number(row.rating) - 1] += Number(row.answers);
    }
    const answered = distribution.reduce((a, b) => a + b, 0);
    const sum = distribution.reduce((a, n, index) => a + n * (index + 1), 0);
    return { key, text, answered, average: answered ? sum / answered : null, distribution };
  });
  return { count: total, questions, comments };
}

/** The mean of every rating given since `since` (both surveys), for the dashboard. */
export async function averageRatingSince(actor: Actor | null, since: Date): Promise<number | null> {
  assertRole(actor, "editor");
  const result = await db.execute<{ average: string | number | null }>(sql`
    select avg(${ratingNumber}) as average
    from ${surveyResponses}, ${ratingsOf}
    where ${gte(surveyResponses.createdAt, since)} and ${ratingNumber} = trunc(${ratingNumber})`);
  const average = result.rows[0]?.average;
  return average === null || average === undefined ? null : Number(average);
}

/** Clears the names and numbers of answers older than `before`; the ratings stay. */
export async function clearSurveyContactsOlderThan(before: Date): Promise<number> {
  const cleared = await db
    .update(surveyResponses)
    .set({ contactName: null, contactPhone: null })
    .where(
      and(
        lt(surveyResponses.createdAt, before),
        or(isNotNull(surveyResponses.contactName), isNotNull(surveyResponses.contactPhone)),
      ),
    )
    .returning({ id: surveyResponses.id });
  return cleared.length;
}

/** A person asked to be forgotten: their answer (with any name and number) goes (admins only). */
export async function deleteSurveyResponse(actor: Actor | null, id: string) {
  assertRole(actor, "admin");
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .delete(surveyResponses)
    .where(eq(surveyResponses.id, id))
    .returning({ id: surveyResponses.id });
  if (!row) throw notFound();
}
