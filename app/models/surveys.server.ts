import { and, asc, eq, gte, isNotNull, lt, or, type SQL } from "drizzle-orm";
import { SURVEY_QUESTIONS } from "~/content/feedback";
import type { SurveyInput } from "~/shared/outreach-schemas";
import { type Actor, assertRole } from "~/shared/roles";
import type { SurveyAudience } from "~/shared/statuses";
import type { QuestionResult } from "~/shared/survey-results";
import { db } from "~/utils/db.server";
import { isUuid } from "~/utils/db-helpers.server";
import { surveyResponses } from "../../database/schema";

export type SurveyResponse = typeof surveyResponses.$inferSelect;

const notFound = () => new Response("الإجابة غير موجودة", { status: 404 });

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

/** The answers of one survey in a period, oldest first (the CSV and the results). */
export async function listSurveyResponsesForStaff(actor: Actor | null, range: SurveyRange) {
  assertRole(actor, "editor");
  return db
    .select()
    .from(surveyResponses)
    .where(and(...rangeConditions(range)))
    .orderBy(asc(surveyResponses.createdAt));
}

/** Count, average and distribution per question, and the comments, of one survey in a period. */
export async function surveyResultsForStaff(actor: Actor | null, range: SurveyRange) {
  const responses = await listSurveyResponsesForStaff(actor, range);
  const questions: QuestionResult[] = SURVEY_QUESTIONS[range.audience].map(({ key, text }) => {
    const distribution: QuestionResult["distribution"] = [0, 0, 0, 0, 0];
    let sum = 0;
    let answered = 0;
    for (const response of responses) {
      const rating = response.answers[key];
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) continue;
      distribution[rating - 1]++;
      sum += rating;
      answered++;
    }
    return { key, text, answered, average: answered ? sum / answered : null, distribution };
  });
  const comments = responses
    .filter((response) => response.comment || response.contactName)
    .reverse()
    .map(({ id, comment, contactName, contactPhone, createdAt }) => ({
      id,
      comment,
      contactName,
      contactPhone,
      createdAt,
    }));
  return { count: responses.length, questions, comments };
}

/** The mean of every rating given since `since` (both surveys), for the dashboard. */
export async function averageRatingSince(actor: Actor | null, since: Date): Promise<number | null> {
  assertRole(actor, "editor");
  const rows = await db
    .select({ answers: surveyResponses.answers })
    .from(surveyResponses)
    .where(gte(surveyResponses.createdAt, since));
  const ratings = rows.flatMap((row) => Object.values(row.answers)).filter(Number.isInteger);
  return ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null;
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
