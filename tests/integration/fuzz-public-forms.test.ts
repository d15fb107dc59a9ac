import { count, gte } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { action as surveyAction } from "~/routes/site/feedback-survey";
import { action as newsAction } from "~/routes/site/news";
import { action as volunteerAction } from "~/routes/site/volunteer";
import { volunteerSchema } from "~/routes/site/volunteer-schema";
import { normaliseSaudiMobile } from "~/shared/outreach-fields";
import { db } from "~/utils/db.server";
import { newsletterSubscribers, surveyResponses, volunteers } from "../../database/schema";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

// The forms open to everyone (volunteering, both surveys, the newsletter box; the event
// registration is in fuzz-events): never a 500 — a field sent twice, as a list or left out
// included (issue 35) — Arabic refusals, nothing written on a refusal, valid rows only.

const counts = async () => ({
  volunteers: (await db.select({ total: count() }).from(volunteers))[0].total,
  surveys: (await db.select({ total: count() }).from(surveyResponses))[0].total,
  subscribers: (await db.select({ total: count() }).from(newsletterSubscribers))[0].total,
});

const phones = fc.constantFrom("0501234567", "٠٥٠١٢٣٤٥٦٧", "+966 50 123 4567", "12345", "");
const rating = fc.constantFrom("1", "3", "5", "0", "6", "x", "");

describe("fuzzing the public forms", () => {
  test(
    "the volunteer form never crashes and keeps only valid registrations",
    () =>
      fuzzAction({
        action: volunteerAction,
        user: null,
        target: { path: "/volunteer" },
        plausible: {
          fullName: arabicText(1, 60),
          phone: phones,
          email: fc.constantFrom("", "sara@example.com", "not-an-email"),
          city: fc.constantFrom("dammam", "khobar", "other", "nowhere", ""),
          interests: fc.constantFrom("visits", "events", "x", ""),
          availability: fc.constantFrom("weekends", "mornings", "x", ""),
          message: arabicText(0, 200),
          consent: fc.constantFrom("on", "", "yes"),
        },
        state: counts,
        expectValid: async (since) => {
          const rows = await db.select().from(volunteers).where(gte(volunteers.createdAt, since));
          for (const row of rows) {
            for (const text of [row.fullName, row.email, row.message]) {
              expectStorableText(text, "a volunteer registration");
            }
            expect(normaliseSaudiMobile(row.phone)).toBe(row.phone);
            const parsed = volunteerSchema.safeParse({
              fullName: row.fullName,
              phone: row.phone,
              email: row.email ?? undefined,
              city: row.city,
              interests: row.interests,
              availability: row.availability,
              message: row.message ?? undefined,
              consent: "on",
            });
            expect(parsed.error?.issues ?? []).toEqual([]);
          }
        },
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the two satisfaction surveys never crash and keep only valid answers",
    () =>
      fuzzAction({
        action: surveyAction,
        user: null,
        target: fc
          .constantFrom("visitors", "beneficiaries", "nobody")
          .map((audience) => ({ path: `/feedback/${audience}`, params: { audience } })),
        plausible: {
          q_reception: rating,
          q_place: rating,
          q_information: rating,
          q_website: rating,
          q_services: rating,
          q_staff: rating,
          q_timing: rating,
          q_communication: rating,
          q_overall: rating,
          comment: arabicText(0, 200),
          wantsContact: fc.constantFrom("on", ""),
          contactName: arabicText(0, 40),
          contactPhone: phones,
        },
        state: counts,
        expectValid: async (since) => {
          const rows = await db
            .select()
            .from(surveyResponses)
            .where(gte(surveyResponses.createdAt, since));
          for (const row of rows) {
            for (const text of [row.comment, row.contactName]) {
              expectStorableText(text, "a survey answer");
            }
            for (const value of Object.values(row.answers)) {
              expect([1, 2, 3, 4, 5]).toContain(value);
            }
            if (row.contactPhone !== null) {
              expect(normaliseSaudiMobile(row.contactPhone)).toBe(row.contactPhone);
              expect(row.contactName).toBeTruthy();
            }
          }
        },
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the newsletter box never crashes and asks only valid addresses",
    () =>
      fuzzAction({
        action: newsAction,
        user: null,
        target: { path: "/media/news" },
        plausible: {
          intent: fc.constantFrom("newsletter", ""),
          email: fc.constantFrom("reader@example.com", "READER@Example.com ", "x@", ""),
        },
        state: counts,
        expectValid: async (since) => {
          const rows = await db
            .select()
            .from(newsletterSubscribers)
            .where(gte(newsletterSubscribers.createdAt, since));
          for (const row of rows) expect(row.email).toMatch(/^[^\sA-Z]+@[^\sA-Z]+$/);
        },
      }),
    FUZZ_TIMEOUT,
  );
});
