import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { requestNewsletterSubscription } from "~/models/newsletter.server";
import { submitSurveyResponse } from "~/models/surveys.server";
import { registerVolunteer } from "~/models/volunteers.server";
import { db } from "~/utils/db.server";
import { newsletterSubscribers, surveyResponses, volunteers } from "../../database/schema";
import {
  applyOutreachRetention,
  monthsBefore,
  startOutreachRetention,
} from "../../server/jobs/outreach-retention";

const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

async function seed(name: string, age: number) {
  const at = new Date(Date.now() - age);
  const volunteer = await registerVolunteer({
    fullName: name,
    phone: "+966501234567",
    city: "qatif",
    interests: ["care"],
    availability: ["evenings"],
    consent: "on",
  });
  await db
    .update(volunteers)
    .set({ updatedAt: at, createdAt: at })
    .where(eq(volunteers.id, volunteer.id));
  const survey = await submitSurveyResponse("beneficiaries", {
    answers: { overall: 5 },
    comment: name,
    contactName: name,
    contactPhone: "+966501234567",
  });
  await db.update(surveyResponses).set({ createdAt: at }).where(eq(surveyResponses.id, survey.id));
}

test("after 24 months (the default) contact details go; the ratings and newer rows stay", async () => {
  await seed("قديم", 25 * MONTH_MS);
  await seed("حديث", 23 * MONTH_MS);
  await requestNewsletterSubscription("stale@example.test");
  await db
    .update(newsletterSubscribers)
    .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) });

  expect(await applyOutreachRetention()).toEqual({
    volunteers: 1,
    surveyContacts: 1,
    subscriptions: 1,
    eventRegistrations: 0,
    // The audit log's trim runs in the same daily pass (docs/decisions/075): nothing that old.
    auditRows: 0,
  });
  expect((await db.select().from(volunteers)).map((row) => row.fullName)).toEqual(["حديث"]);
  const surveys = await db.select().from(surveyResponses);
  expect(surveys).toHaveLength(2);
  expect(surveys.find((row) => row.comment === "قديم")).toMatchObject({
    contactName: null,
    contactPhone: null,
    answers: { overall: 5 },
  });
  expect(surveys.find((row) => row.comment === "حديث")?.contactName).toBe("حديث");
  expect(await db.select().from(newsletterSubscribers)).toHaveLength(0);
  // A shorter setting reaches the newer rows too.
  expect(await applyOutreachRetention(new Date(), 12)).toMatchObject({
    volunteers: 1,
    surveyContacts: 1,
  });
});

test("months are calendar months", () => {
  expect(monthsBefore(new Date("2026-03-15T00:00:00Z"), 24).toISOString()).toBe(
    "2024-03-15T00:00:00.000Z",
  );
});

test("the server's daily job runs soon after start and stops cleanly", async () => {
  await seed("منسي", 30 * MONTH_MS);
  const job = startOutreachRetention({ firstRunDelayMs: 0 });
  await expect
    .poll(async () => (await db.select().from(volunteers)).some((row) => row.fullName === "منسي"))
    .toBe(false);
  await job.stop();
});
