import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { createForm } from "~/models/built-forms.server";
import { createCampaign } from "~/models/campaigns.server";
import { createCategory } from "~/models/categories.server";
import { addCard } from "~/models/content-lists.server";
import { createDocument } from "~/models/documents.server";
// Events (docs/decisions/052).
import { registerForEvent } from "~/models/event-registrations.server";
import { createEvent } from "~/models/events.server";
import { sendAnswer } from "~/models/form-answers.server";
import { createImage } from "~/models/images.server";
import { requestNewsletterSubscription } from "~/models/newsletter.server";
import { savePageText } from "~/models/page-content.server";
import { createPage } from "~/models/pages.server";
import { createPost } from "~/models/posts.server";
import { submitSurveyResponse } from "~/models/surveys.server";
import { createVideo } from "~/models/videos.server";
import { registerVolunteer } from "~/models/volunteers.server";
import * as auditLogRoute from "~/routes/admin/audit/log";
import * as auditLogExportRoute from "~/routes/admin/audit/log-export";
import * as campaignFormRoute from "~/routes/admin/campaigns/form";
import * as campaignListRoute from "~/routes/admin/campaigns/list";
import * as campaignViewRoute from "~/routes/admin/campaigns/view";
import * as categoriesRoute from "~/routes/admin/categories";
import * as layoutRoute from "~/routes/admin/dashboard-layout";
import * as documentFormRoute from "~/routes/admin/documents/form";
import * as documentListRoute from "~/routes/admin/documents/list";
import * as eventFormRoute from "~/routes/admin/events/form";
import * as eventListRoute from "~/routes/admin/events/list";
import * as eventRegistrationsRoute from "~/routes/admin/events/registrations";
import * as eventRegistrationsExportRoute from "~/routes/admin/events/registrations-export";
import * as formAnswerFileRoute from "~/routes/admin/forms/answer-file";
import * as formAnswersRoute from "~/routes/admin/forms/answers";
import * as formAnswersExportRoute from "~/routes/admin/forms/answers-export";
import * as builtFormRoute from "~/routes/admin/forms/form";
import * as formListRoute from "~/routes/admin/forms/list";
import * as imageFormRoute from "~/routes/admin/images/form";
import * as imageListRoute from "~/routes/admin/images/list";
import * as landingRoute from "~/routes/admin/landing";
import * as menusRoute from "~/routes/admin/menus";
import * as subscribersRoute from "~/routes/admin/outreach/subscribers";
import * as subscribersExportRoute from "~/routes/admin/outreach/subscribers-export";
import * as surveysRoute from "~/routes/admin/outreach/surveys";
import * as surveysExportRoute from "~/routes/admin/outreach/surveys-export";
import * as volunteersRoute from "~/routes/admin/outreach/volunteers";
import * as volunteersExportRoute from "~/routes/admin/outreach/volunteers-export";
import * as overviewRoute from "~/routes/admin/overview";
import * as pageFormRoute from "~/routes/admin/pages/form";
import * as pageListRoute from "~/routes/admin/pages/list";
import * as postFormRoute from "~/routes/admin/posts/form";
import * as postListRoute from "~/routes/admin/posts/list";
import * as postMediaRoute from "~/routes/admin/posts/media";
import * as privacyExportRoute from "~/routes/admin/privacy/export";
import * as privacyRoute from "~/routes/admin/privacy/person";
import * as requestsExportRoute from "~/routes/admin/requests/export";
import * as requestsInboxRoute from "~/routes/admin/requests/inbox";
import * as requestViewRoute from "~/routes/admin/requests/view";
import * as settingsRoute from "~/routes/admin/settings";
import * as statisticsRoute from "~/routes/admin/statistics";
import * as statisticsExportRoute from "~/routes/admin/statistics-export";
import * as usersRoute from "~/routes/admin/users";
import * as videoFormRoute from "~/routes/admin/videos/form";
import * as videoListRoute from "~/routes/admin/videos/list";
import * as cardListsRoute from "~/routes/resources/card-lists";
import * as pageContentRoute from "~/routes/resources/page-content";
import { loader as publicPageLoader } from "~/routes/site/page";
import { loader as searchLoader } from "~/routes/site/search";
import { TWO_FACTOR_SETUP_PATH } from "~/shared/auth-schemas";
import { CONTENT_TYPE_LIST, type ContentType } from "~/shared/content-types";
import type { Role } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { builtForms, formAnswerFiles } from "../../database/schema";
import { createUser, markTwoFactorOn, requestAs, type TestUser } from "../support/accounts";
import { pngFile } from "../support/images";
import { pdfFile } from "../support/pdfs";
import { createRequest, createRequestForm } from "../support/requests";
import { call, dataOf, headersOf, statusOf } from "../support/route-calls";

// The site requires two-factor sign-in of its admins (read once by getEnv(), before anything in
// this file asks for it): the admin row's admin has it on, the fifth row's has not set it up.
vi.hoisted(() => {
  process.env.ADMIN_TWO_FACTOR = "required";
});

/*
 * THE READ MATRIX: every loader of the staff area, as a signed-out visitor, a viewer, an editor,
 * an admin, and an admin who has not set up the two-factor sign-in the site requires — sent to
 * set it up by every one of them (the staff gate). The staff area is for editors and admins (docs/decisions/020): a viewer must get
 * a 403 and nothing of the back office — not a draft title, not a search hit in a draft's body.
 * React Router answers `.data` requests by calling these same loaders, and runs a child route's
 * loader whether or not its layout's loader refused, so every row is checked on its own.
 *
 * The coverage test at the end fails for a staff route module with a loader but no row.
 */

type Outcome = "login" | "two-factor" | 401 | 403 | "served";
const WITHOUT_TWO_FACTOR = "admin without two-factor";
type Who = "signed out" | Role | typeof WITHOUT_TWO_FACTOR;
const WHO: Who[] = ["signed out", "viewer", "editor", "admin", WITHOUT_TWO_FACTOR];
const LOGIN = "login";
const TWO_FACTOR = "two-factor";
const SERVED = "served";
const STAFF_ONLY: [Outcome, Outcome, Outcome, Outcome] = [LOGIN, 403, SERVED, SERVED];
const ADMIN_ONLY: [Outcome, Outcome, Outcome, Outcome] = [LOGIN, 403, 403, SERVED];

const SECRET_TITLE = "مسودة لم تُنشر بعد";
const SECRET_WORD = "كلمةسرية";

interface Read {
  name: string;
  route: string;
  loader: unknown;
  path: () => string;
  params?: () => Record<string, string>;
  /** Outcomes for signed out, viewer, editor, admin; the fifth row is always sent to set up. */
  expected: [Outcome, Outcome, Outcome, Outcome];
  /** What a served answer must hold, for `who`. */
  served: (body: Record<string, unknown>, who: Who) => void;
}

let draft: { postId: string; videoId: string; imageId: string };
let secretRequestId = "";

/** The serialized answer, as a `.data` response would carry it. */
const text = (body: unknown) => JSON.stringify(body);

const READS: Read[] = [
  {
    name: "the staff layout",
    route: "app/routes/admin/dashboard-layout.tsx",
    loader: layoutRoute.loader,
    path: () => "/admin/dashboard",
    expected: STAFF_ONLY,
    served: (body, who) => expect(body.actor).toMatchObject({ role: who }),
  },
  {
    name: "the overview (figures and recent activity)",
    route: "app/routes/admin/overview.tsx",
    loader: overviewRoute.loader,
    path: () => "/admin/dashboard",
    expected: STAFF_ONLY,
    served: (body) => {
      expect(body.stats).toMatchObject({ posts: { draft: 1 } });
      expect(text(body.activity)).toContain(SECRET_TITLE);
    },
  },
  {
    name: "the posts list, drafts filtered and searched by body",
    route: "app/routes/admin/posts/list.tsx",
    loader: postListRoute.loader,
    path: () => `/admin/dashboard/posts?status=draft&q=${encodeURIComponent(SECRET_WORD)}`,
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.posts)).toContain(SECRET_TITLE),
  },
  {
    name: "a draft post's form",
    route: "app/routes/admin/posts/form.tsx",
    loader: postFormRoute.loader,
    path: () => `/admin/dashboard/posts/${draft.postId}/edit`,
    params: () => ({ id: draft.postId }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.post)).toContain(SECRET_WORD),
  },
  {
    name: "the videos list",
    route: "app/routes/admin/videos/list.tsx",
    loader: videoListRoute.loader,
    path: () => "/admin/dashboard/videos",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.videos)).toContain(SECRET_TITLE),
  },
  {
    name: "an unpublished video's form",
    route: "app/routes/admin/videos/form.tsx",
    loader: videoFormRoute.loader,
    path: () => `/admin/dashboard/videos/${draft.videoId}/edit`,
    params: () => ({ id: draft.videoId }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.video)).toContain(SECRET_TITLE),
  },
  {
    name: "the gallery's back office",
    route: "app/routes/admin/images/list.tsx",
    loader: imageListRoute.loader,
    path: () => "/admin/dashboard/images",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.images)).toContain(SECRET_TITLE),
  },
  {
    name: "the article editor's image picker",
    route: "app/routes/admin/posts/media.ts",
    loader: postMediaRoute.loader,
    path: () => "/admin/dashboard/posts/media",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.images)).toContain(SECRET_TITLE),
  },
  {
    name: "an image's form",
    route: "app/routes/admin/images/form.tsx",
    loader: imageFormRoute.loader,
    path: () => `/admin/dashboard/images/${draft.imageId}/edit`,
    params: () => ({ id: draft.imageId }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.image)).toContain(SECRET_TITLE),
  },
  {
    name: "the categories with usage counts",
    route: "app/routes/admin/categories.tsx",
    loader: categoriesRoute.loader,
    path: () => "/admin/dashboard/categories",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.categories)).toContain("تصنيف المسودات"),
  },
  {
    name: "the settings screen",
    route: "app/routes/admin/settings.tsx",
    loader: settingsRoute.loader,
    path: () => "/admin/dashboard/settings",
    expected: STAFF_ONLY,
    // Editors get only their own account; the site's settings are the admins'.
    served: (body, who) =>
      who === "admin"
        ? expect(body.site).toMatchObject({ settings: expect.any(Object) })
        : expect(body.site).toBeNull(),
  },
  {
    name: "the users",
    route: "app/routes/admin/users.tsx",
    loader: usersRoute.loader,
    path: () => "/admin/dashboard/users",
    expected: ADMIN_ONLY,
    served: (body) => expect(text(body.users)).toContain("مدير المصفوفة"),
  },
  {
    name: "the volunteers inbox, searched",
    route: "app/routes/admin/outreach/volunteers.tsx",
    loader: volunteersRoute.loader,
    path: () => `/admin/dashboard/volunteers?q=${encodeURIComponent(SECRET_WORD)}`,
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.volunteers)).toContain(SECRET_TITLE),
  },
  {
    name: "the volunteers CSV",
    route: "app/routes/admin/outreach/volunteers-export.ts",
    // The file is a Response; its text stands for the served body.
    loader: async (args: Parameters<typeof volunteersExportRoute.loader>[0]) => ({
      csv: await (await volunteersExportRoute.loader(args)).text(),
    }),
    path: () => "/admin/dashboard/volunteers/export",
    expected: STAFF_ONLY,
    served: (body) => expect(body.csv).toContain(SECRET_WORD),
  },
  // Requests (docs/decisions/072): editors and admins; viewers refused.
  {
    name: "the requests inbox, searched",
    route: "app/routes/admin/requests/inbox.tsx",
    loader: requestsInboxRoute.loader,
    path: () => `/admin/dashboard/requests?q=${encodeURIComponent(SECRET_WORD)}`,
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.requests)).toContain(SECRET_WORD),
  },
  {
    name: "the requests CSV",
    route: "app/routes/admin/requests/export.ts",
    loader: async (args: Parameters<typeof requestsExportRoute.loader>[0]) => ({
      csv: await (await requestsExportRoute.loader(args)).text(),
    }),
    path: () => "/admin/dashboard/requests/export",
    expected: STAFF_ONLY,
    served: (body) => expect(body.csv).toContain(SECRET_WORD),
  },
  {
    name: "a request's page, with its internal notes",
    route: "app/routes/admin/requests/view.tsx",
    loader: requestViewRoute.loader,
    path: () => `/admin/dashboard/requests/${secretRequestId}`,
    params: () => ({ id: secretRequestId }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.request)).toContain(SECRET_WORD),
  },
  {
    name: "the survey results",
    route: "app/routes/admin/outreach/surveys.tsx",
    loader: surveysRoute.loader,
    path: () => "/admin/dashboard/surveys?audience=visitors",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.comments)).toContain(SECRET_WORD),
  },
  {
    name: "the survey answers CSV",
    route: "app/routes/admin/outreach/surveys-export.ts",
    loader: async (args: Parameters<typeof surveysExportRoute.loader>[0]) => ({
      csv: await (await surveysExportRoute.loader(args)).text(),
    }),
    path: () => "/admin/dashboard/surveys/export?audience=visitors",
    expected: STAFF_ONLY,
    served: (body) => expect(body.csv).toContain(SECRET_WORD),
  },
  {
    name: "the newsletter subscribers",
    route: "app/routes/admin/outreach/subscribers.tsx",
    loader: subscribersRoute.loader,
    path: () => "/admin/dashboard/subscribers",
    expected: STAFF_ONLY,
    served: (body) => expect(body.pendingCount).toBe(1),
  },
  {
    name: "the newsletter subscribers CSV",
    route: "app/routes/admin/outreach/subscribers-export.ts",
    loader: async (args: Parameters<typeof subscribersExportRoute.loader>[0]) => ({
      csv: await (await subscribersExportRoute.loader(args)).text(),
    }),
    path: () => "/admin/dashboard/subscribers/export",
    expected: STAFF_ONLY,
    served: (body) => expect(body.csv).toContain("البريد الإلكتروني"),
  },
  // Issue 36: one person's data, found and exported (docs/decisions/073): admins only.
  {
    name: "a person's data, found by a mobile",
    route: "app/routes/admin/privacy/person.tsx",
    loader: privacyRoute.loader,
    path: () => "/admin/dashboard/privacy?contact=0501234567",
    expected: ADMIN_ONLY,
    served: (body) => expect(text(body)).toContain("التسجيل في التطوع"),
  },
  {
    name: "a person's data, exported",
    route: "app/routes/admin/privacy/export.ts",
    loader: async (args: Parameters<typeof privacyExportRoute.loader>[0]) => ({
      json: await (await privacyExportRoute.loader(args)).text(),
    }),
    path: () => "/admin/dashboard/privacy/export?contact=0501234567",
    expected: ADMIN_ONLY,
    served: (body) => expect(body.json).toContain("+966501234567"),
  },
  {
    name: "the admin landing",
    route: "app/routes/admin/landing.tsx",
    loader: landingRoute.loader,
    path: () => "/admin",
    expected: ADMIN_ONLY,
    served: (body) => expect(body.fullName).toBe("مدير المصفوفة"),
  },
  {
    name: "a page text's history (the in-place editor)",
    route: "app/routes/resources/page-content.ts",
    loader: pageContentRoute.loader,
    path: () => `/api/page-content?pagePath=%2Fabout&contentKey=${HISTORY_KEY}`,
    // A fetcher's answer: refusals are data (401/403), not the login page.
    expected: [401, 403, 403, SERVED],
    served: (body) => expect(text(body)).toContain(SECRET_WORD),
  }, // ─── events (docs/decisions/052) ──
  {
    name: "the events list, a draft among them",
    route: "app/routes/admin/events/list.tsx",
    loader: eventListRoute.loader,
    path: () => "/admin/dashboard/events",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.events)).toContain(SECRET_TITLE),
  },
  {
    name: "a draft event's form",
    route: "app/routes/admin/events/form.tsx",
    loader: eventFormRoute.loader,
    path: () => `/admin/dashboard/events/${eventIds.draft}/edit`,
    params: () => ({ id: eventIds.draft }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.event)).toContain(SECRET_WORD),
  },
  {
    name: "an event's registrations",
    route: "app/routes/admin/events/registrations.tsx",
    loader: eventRegistrationsRoute.loader,
    path: () => `/admin/dashboard/events/${eventIds.published}/registrations`,
    params: () => ({ id: eventIds.published }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.registrations)).toContain(SECRET_TITLE),
  },
  {
    name: "an event's registrations as CSV",
    route: "app/routes/admin/events/registrations-export.ts",
    loader: async (args: Parameters<typeof eventRegistrationsExportRoute.loader>[0]) => ({
      csv: await (await eventRegistrationsExportRoute.loader(args)).text(),
    }),
    path: () => `/admin/dashboard/events/${eventIds.published}/registrations/export`,
    params: () => ({ id: eventIds.published }),
    expected: STAFF_ONLY,
    served: (body) => expect(body.csv).toContain(SECRET_TITLE),
  },
  // ─── the documents library (docs/decisions/048) ───
  {
    name: "the documents list, with a hidden document",
    route: "app/routes/admin/documents/list.tsx",
    loader: documentListRoute.loader,
    path: () => `/admin/dashboard/documents?q=${encodeURIComponent(SECRET_TITLE)}`,
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.documents)).toContain(SECRET_TITLE),
  },
  {
    name: "a hidden document's form",
    route: "app/routes/admin/documents/form.tsx",
    loader: documentFormRoute.loader,
    path: () => `/admin/dashboard/documents/${hiddenDocumentId}/edit`,
    params: () => ({ id: hiddenDocumentId }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.document)).toContain(SECRET_TITLE),
  },
  // ─── newsletter campaigns (docs/decisions/051) ───
  {
    name: "the campaigns list",
    route: "app/routes/admin/campaigns/list.tsx",
    loader: campaignListRoute.loader,
    path: () => "/admin/dashboard/campaigns",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.campaigns)).toContain(SECRET_TITLE),
  },
  {
    name: "a new campaign's form (with the posts to start from)",
    route: "app/routes/admin/campaigns/form.tsx",
    loader: campaignFormRoute.loader,
    path: () => "/admin/dashboard/campaigns/new",
    expected: STAFF_ONLY,
    served: (body) => expect(body.campaign).toBeNull(),
  },
  {
    name: "a draft campaign's form",
    route: "app/routes/admin/campaigns/form.tsx",
    loader: campaignFormRoute.loader,
    path: () => `/admin/dashboard/campaigns/${campaignId}/edit`,
    params: () => ({ id: campaignId }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.campaign)).toContain(SECRET_WORD),
  },
  {
    name: "a draft campaign's preview and send page",
    route: "app/routes/admin/campaigns/view.tsx",
    loader: campaignViewRoute.loader,
    path: () => `/admin/dashboard/campaigns/${campaignId}`,
    params: () => ({ id: campaignId }),
    expected: STAFF_ONLY,
    served: (body) => expect(String(body.email)).toContain(SECRET_WORD),
  },
  {
    // Who changed a card list and when (issue 23 item 1): admins only, like a page text's history.
    name: "a card list's history (edit mode)",
    route: "app/routes/resources/card-lists.ts",
    loader: cardListsRoute.loader,
    path: () => "/api/card-lists?pagePath=%2Fgovernance&listKey=structure",
    expected: [401, 403, 403, SERVED],
    served: (body) => expect(text(body)).toContain(SECRET_WORD),
  },
  // ─── pages built from blocks (docs/decisions/049) ───────────────────────────────────────
  {
    name: "the pages list, drafts filtered and searched by their blocks",
    route: "app/routes/admin/pages/list.tsx",
    loader: pageListRoute.loader,
    path: () => `/admin/dashboard/pages?status=draft&q=${encodeURIComponent(SECRET_WORD)}`,
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.pages)).toContain(SECRET_TITLE),
  },
  {
    name: "a draft page's form",
    route: "app/routes/admin/pages/form.tsx",
    loader: pageFormRoute.loader,
    path: () => `/admin/dashboard/pages/${draftPageId}/edit`,
    params: () => ({ id: draftPageId }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.page)).toContain(SECRET_WORD),
  },
  // ─── forms built by staff (docs/decisions/071): editors read, admins build ───
  {
    name: "the forms list, a draft among them",
    route: "app/routes/admin/forms/list.tsx",
    loader: formListRoute.loader,
    path: () => "/admin/dashboard/forms",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.forms)).toContain(SECRET_TITLE),
  },
  {
    name: "a draft form in the builder",
    route: "app/routes/admin/forms/form.tsx",
    loader: builtFormRoute.loader,
    path: () => `/admin/dashboard/forms/${builtForm.id}/edit`,
    params: () => ({ id: builtForm.id }),
    expected: ADMIN_ONLY,
    served: (body) => expect(text(body.form)).toContain(SECRET_TITLE),
  },
  {
    name: "a form's answers",
    route: "app/routes/admin/forms/answers.tsx",
    loader: formAnswersRoute.loader,
    path: () => `/admin/dashboard/forms/${builtForm.id}/answers`,
    params: () => ({ id: builtForm.id }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.answers)).toContain(SECRET_WORD),
  },
  {
    name: "one of a form's answers in full",
    route: "app/routes/admin/forms/answers.tsx",
    loader: formAnswersRoute.loader,
    path: () => `/admin/dashboard/forms/${builtForm.id}/answers?answer=${builtForm.answerId}`,
    params: () => ({ id: builtForm.id }),
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.whole)).toContain(SECRET_WORD),
  },
  {
    name: "a form's answers as CSV",
    route: "app/routes/admin/forms/answers-export.ts",
    loader: async (args: Parameters<typeof formAnswersExportRoute.loader>[0]) => ({
      csv: await (await formAnswersExportRoute.loader(args)).text(),
    }),
    path: () => `/admin/dashboard/forms/${builtForm.id}/answers/export`,
    params: () => ({ id: builtForm.id }),
    expected: STAFF_ONLY,
    served: (body) => expect(body.csv).toContain(SECRET_WORD),
  },
  {
    name: "a file sent with a form's answer",
    route: "app/routes/admin/forms/answer-file.ts",
    loader: async (args: Parameters<typeof formAnswerFileRoute.loader>[0]) => {
      const response = await formAnswerFileRoute.loader(args);
      return {
        disposition: response.headers.get("content-disposition"),
        size: (await response.arrayBuffer()).byteLength,
      };
    },
    path: () => `/admin/dashboard/forms/files/${builtForm.fileId}`,
    params: () => ({ fileId: builtForm.fileId }),
    expected: STAFF_ONLY,
    served: (body) => {
      expect(body.disposition).toMatch(/^attachment;/);
      expect(body.size).toBeGreaterThan(0);
    },
  },
  // Issue 37, item 3: the audit log of staff actions and its CSV (docs/decisions/075), admins only.
  {
    name: "the audit log",
    route: "app/routes/admin/audit/log.tsx",
    loader: auditLogRoute.loader,
    path: () => "/admin/dashboard/audit-log?type=settings",
    expected: ADMIN_ONLY,
    served: (body) => expect(body).toMatchObject({ rows: expect.any(Array) }),
  },
  {
    name: "the audit log's CSV",
    route: "app/routes/admin/audit/log-export.ts",
    loader: async (args: Parameters<typeof auditLogExportRoute.loader>[0]) => ({
      csv: await (await auditLogExportRoute.loader(args)).text(),
    }),
    path: () => "/admin/dashboard/audit-log/export",
    expected: ADMIN_ONLY,
    served: (body) => expect(body.csv).toContain("قبل وبعد"),
  },
  // Issue 23, item 3: the menus (docs/decisions/050), administrators only.
  {
    name: "the menus screen (a menu, its labels and revisions)",
    route: "app/routes/admin/menus.tsx",
    loader: menusRoute.loader,
    path: () => "/admin/dashboard/menus?menu=footer",
    expected: ADMIN_ONLY,
    served: (body) => {
      expect(body).toMatchObject({ menuId: "footer", revisions: expect.any(Array) });
      expect(text(body.entries)).toContain("خدماتنا");
    },
  },
  // Issue 37: reading statistics (docs/decisions/074), editors and admins.
  {
    name: "the reading statistics",
    route: "app/routes/admin/statistics.tsx",
    loader: statisticsRoute.loader,
    path: () => "/admin/dashboard/statistics?days=7",
    expected: STAFF_ONLY,
    served: (body) => expect(text(body.figures)).toContain("views"),
  },
  {
    name: "a statistics chart's CSV",
    route: "app/routes/admin/statistics-export.ts",
    loader: async (args: Parameters<typeof statisticsExportRoute.loader>[0]) => ({
      csv: await (await statisticsExportRoute.loader(args)).text(),
    }),
    path: () => "/admin/dashboard/statistics/export?chart=views&days=7",
    expected: STAFF_ONLY,
    served: (body) => expect(body.csv).toContain("المشاهدات"),
  },
];

let campaignId = "";

let hiddenDocumentId: string;
let builtForm: { id: string; fileId: string; answerId: string };

// A draft form and an answer with a file: back-office data like a draft post.
beforeAll(async () => {
  const owner = await createUser("admin", "باني النماذج");
  const created = await createForm(owner, {
    title: SECRET_TITLE,
    slug: "matrix-form",
    fields: [
      { key: "f1", kind: "short_text", label: "الاسم", required: true, maxLength: 100 },
      { key: "f2", kind: "file", label: "صورة", required: true, accept: "image", maxMb: 2 },
    ],
    status: "open",
    isRequest: false,
    thankYou: "شكراً",
    purpose: "اختبار",
    retentionMonths: 1,
    notifyUserIds: [],
  });
  await sendAnswer(
    created.id,
    { f1: SECRET_WORD, f2: await pngFile("x.png", 20, 20) },
    { baseUrl: "http://localhost" },
  );
  await db.update(builtForms).set({ status: "draft" });
  const [file] = await db
    .select({ id: formAnswerFiles.id, answerId: formAnswerFiles.answerId })
    .from(formAnswerFiles);
  builtForm = { id: created.id, fileId: file.id, answerId: file.answerId };
});
let eventIds: { draft: string; published: string };

// A draft event and a registrant's name are back-office data like a draft post.
beforeAll(async () => {
  const owner = await createUser("editor", "محرر الفعاليات");
  const event = (status: "draft" | "published", title: string) =>
    createEvent(owner, {
      title,
      slug: `matrix-${status}-event`,
      description: `<p>${SECRET_WORD}</p>`,
      startsAt: new Date(Date.now() + 3 * 86_400_000),
      endsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000),
      place: "الدمام",
      mapUrl: null,
      capacity: 10,
      registrationOpen: true,
      status,
    });
  const [draftEvent, published] = await Promise.all([
    event("draft", SECRET_TITLE),
    event("published", "فعالية منشورة"),
  ]);
  await registerForEvent(published.id, {
    fullName: SECRET_TITLE,
    phone: "+966501234567",
    attendees: 1,
  });
  eventIds = { draft: draftEvent.id, published: published.id };
});

// A request whose person is named with the secret word (the inbox, its CSV and its page).
beforeAll(async () => {
  const form = await createRequestForm();
  secretRequestId = (await createRequest(form.id, { name: `سعاد ${SECRET_WORD}` })).id;
});

// A card list with a saved version, for its history's row.
beforeAll(async () => {
  const owner = await createUser("admin", "مدير القوائم");
  await addCard(owner, {
    target: { pagePath: "/governance", listKey: "structure" },
    fields: { title: `لجنة ${SECRET_WORD}`, text: "نص" },
  });
});

let draftPageId = "";

// A draft page built from blocks: staff only, and 404 to everyone on its public address.
beforeAll(async () => {
  const page = await createPage(await createUser("admin", "كاتب الصفحات"), {
    title: SECRET_TITLE,
    slug: "secret-draft-page",
    blocks: [{ type: "text", html: `<p>نص فيه ${SECRET_WORD}</p>` }],
    status: "draft",
  });
  draftPageId = page.id;
});

test.each(WHO)("a draft page's public address, as %s, is a 404 with nothing of it", async (who) => {
  const actor = who === "signed out" ? null : shared[who];
  const result = await call(publicPageLoader as never, requestAs(actor, "/p/secret-draft-page"), {
    slug: "secret-draft-page",
  });
  expect(statusOf(result)).toBe(404);
  expect(text(dataOf(result))).not.toContain(SECRET_WORD);
});

const HISTORY_KEY = "matrix-history";

/** Route modules under the staff and resource folders whose loaders serve no staff data, and why. */
const NOT_STAFF_READS: Record<string, string> = {
  "app/routes/admin/path-family-redirect.tsx": "a redirect to the /admin/dashboard twin",
  "app/routes/admin/users-redirect.tsx": "a redirect to /admin/dashboard/users",
  "app/routes/resources/auth.ts": "GET /verify-email, the confirmation link of one's own address",
  "app/routes/resources/display.ts": "a redirect home (the text-size form posts)",
  "app/routes/resources/document-file.ts":
    "a published document's PDF; a hidden one is a 404 but for staff (tests/integration/documents.test.ts)",
  "app/routes/resources/news-feed.ts": "the public news feed",
  "app/routes/resources/robots.ts": "the public robots.txt",
  "app/routes/resources/sitemap.ts": "the public sitemap",
  "app/routes/resources/sitemap-part.ts": "a part of the public sitemap (published posts only)",
  "app/routes/resources/event-calendar.ts": "a published event's public calendar file",
  "app/routes/resources/newsletter-go.ts":
    "a signed newsletter link's redirect to its campaign's own link (tests/integration/reading-statistics.test.ts)",
};

let shared: Record<Exclude<Who, "signed out">, TestUser>;

beforeAll(async () => {
  const [viewer, editor, admin, withoutTwoFactor] = await Promise.all([
    createUser("viewer", "مشاهد المصفوفة"),
    createUser("editor", "محرر المصفوفة"),
    createUser("admin", "مدير المصفوفة").then(markTwoFactorOn),
    createUser("admin", "مدير بلا تحقق بخطوتين"),
  ]);
  shared = { viewer, editor, admin, [WITHOUT_TWO_FACTOR]: withoutTwoFactor };
  campaignId = (
    await createCampaign(admin, {
      subject: SECRET_TITLE,
      body: `<p>حملة فيها ${SECRET_WORD}</p>`,
      inArchive: true,
    })
  ).id;
  await savePageText(admin, {
    pagePath: "/about",
    contentKey: HISTORY_KEY,
    value: `نص فيه ${SECRET_WORD}`,
    contentType: "text",
  });
  const category = await createCategory(admin, { name: "تصنيف المسودات", slug: "drafts" });
  const post = await createPost(admin, {
    title: SECRET_TITLE,
    slug: "secret-draft",
    excerpt: null,
    content: `نص فيه ${SECRET_WORD} لا يراه إلا فريق العمل`,
    categoryId: category.id,
    status: "draft",
  });
  const video = await createVideo(admin, {
    title: SECRET_TITLE,
    description: null,
    youtubeId: "dQw4w9WgXcQ",
    categoryId: null,
    status: "draft",
  });
  const image = await createImage(
    admin,
    { title: SECRET_TITLE, description: null, categoryId: null },
    await pngFile(),
  );
  draft = { postId: post.id, videoId: video.id, imageId: image.id };
  hiddenDocumentId = (
    await createDocument(
      admin,
      { title: SECRET_TITLE, category: "reports", year: 2025, status: "hidden" },
      await pdfFile(),
    )
  ).id;
});

// A volunteer's registration is back-office data like a draft.
beforeAll(async () => {
  await registerVolunteer({
    fullName: SECRET_TITLE,
    phone: "+966501234567",
    city: "dammam",
    interests: ["visits"],
    availability: ["weekends"],
    message: SECRET_WORD,
    consent: "on",
  });
  await requestNewsletterSubscription("matrix-reader@example.test");
  await submitSurveyResponse("visitors", {
    answers: { overall: 4 },
    comment: SECRET_WORD,
    contactName: null,
    contactPhone: null,
  });
});

function outcomeOf(result: unknown): Outcome | string {
  const status = statusOf(result);
  const location = status === 302 ? headersOf(result).get("location") : null;
  if (location?.startsWith("/login?redirectTo=")) return LOGIN;
  if (location === TWO_FACTOR_SETUP_PATH) return TWO_FACTOR;
  if (status === 401 || status === 403) return status;
  return status === 200 && !(result instanceof Response) ? SERVED : `answered ${status}`;
}

describe.each(READS)("$name", (read) => {
  const expected: Outcome[] = [...read.expected, TWO_FACTOR];
  test.each(WHO.map((who, index) => ({ who, expected: expected[index] })))(
    "$who → $expected",
    async ({ who, expected }) => {
      const actor = who === "signed out" ? null : shared[who];
      const result = await call(
        read.loader as never,
        requestAs(actor, read.path()),
        read.params?.(),
      );
      expect(outcomeOf(result)).toBe(expected);
      if (expected === SERVED) {
        read.served(dataOf(result), who);
      } else {
        // A refusal carries nothing of the back office.
        const body = result instanceof Response ? await result.text() : text(result);
        expect(body).not.toContain(SECRET_TITLE);
        expect(body).not.toContain(SECRET_WORD);
      }
    },
  );
});

// The public search (docs/decisions/045) shows the draft post and video to nobody, staff
// included (they have their own lists); the image and the edited page text are public.
test.each(WHO)("the site search, as %s, finds no draft", async (who) => {
  const actor = who === "signed out" ? null : shared[who];
  for (const words of [SECRET_TITLE, SECRET_WORD]) {
    const result = await call(
      searchLoader as never,
      requestAs(actor, `/search?q=${encodeURIComponent(words)}`),
    );
    expect(statusOf(result)).toBe(200);
    const { results } = dataOf<{ results: { items: { kind: string; href: string }[] } }>(result);
    expect(results.items.filter((item) => item.kind === "post" || item.kind === "video")).toEqual(
      [],
    );
  }
  const found = dataOf<{ results: { items: { kind: string }[] } }>(
    await call(
      searchLoader as never,
      requestAs(actor, `/search?q=${encodeURIComponent(SECRET_TITLE)}`),
    ),
  );
  expect(found.results.items.map((item) => item.kind)).toContain("image");
});

test("every staff and resource route module with a loader has rows, or a reason not to", () => {
  function modulesWithLoaders(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return modulesWithLoaders(file);
      if (!/\.tsx?$/.test(entry.name) || /\.(test|server)\.tsx?$/.test(entry.name)) return [];
      const source = readFileSync(file, "utf8");
      return /export\s+(async\s+function|const|function)\s+loader\b/.test(source) ? [file] : [];
    });
  }
  const covered = new Set([...READS.map((read) => read.route), ...Object.keys(NOT_STAFF_READS)]);
  const modules = [
    ...modulesWithLoaders("app/routes/admin"),
    ...modulesWithLoaders("app/routes/resources"),
  ];
  expect(modules.filter((file) => !covered.has(file))).toEqual([]);
});

/** What a content type's staff screens answer each person, from its declaration's read role. */
const readsOf = (type: ContentType) => (type.access.read === "admin" ? ADMIN_ONLY : STAFF_ONLY);
/** A form only admins save opens to admins only (the form builder, docs/decisions/071). */
const formReadsOf = (type: ContentType) =>
  type.access.write === "admin" ? ADMIN_ONLY : readsOf(type);

test("each content type's list and form have rows expecting what its declaration allows", () => {
  for (const type of CONTENT_TYPE_LIST) {
    for (const screen of ["list", "form"]) {
      const route = `app/routes/admin/${type.folder}/${screen}.tsx`;
      const rows = READS.filter((read) => read.route === route);
      expect(rows.length, route).toBeGreaterThan(0);
      const expected = screen === "form" ? formReadsOf(type) : readsOf(type);
      for (const row of rows) expect(row.expected, row.name).toEqual(expected);
    }
  }
});
