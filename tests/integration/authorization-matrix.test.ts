import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, count, desc, eq } from "drizzle-orm";
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
import { changeMenu, restoreDefaultMenu } from "~/models/menus.server";
import { requestNewsletterSubscription } from "~/models/newsletter.server";
import { savePageText } from "~/models/page-content.server";
import { createPage, listPageRevisions, updatePage } from "~/models/pages.server";
import { listPostRevisions } from "~/models/post-revisions.server";
import { createPost, updatePost } from "~/models/posts.server";
import { submitSurveyResponse } from "~/models/surveys.server";
import { createVideo } from "~/models/videos.server";
import { registerVolunteer } from "~/models/volunteers.server";
import * as campaignFormRoute from "~/routes/admin/campaigns/form";
import * as campaignListRoute from "~/routes/admin/campaigns/list";
import * as campaignViewRoute from "~/routes/admin/campaigns/view";
import * as categoriesRoute from "~/routes/admin/categories";
import * as documentFormRoute from "~/routes/admin/documents/form";
import * as documentListRoute from "~/routes/admin/documents/list";
import * as eventFormRoute from "~/routes/admin/events/form";
import * as eventListRoute from "~/routes/admin/events/list";
import * as eventRegistrationsRoute from "~/routes/admin/events/registrations";
import * as formAnswersRoute from "~/routes/admin/forms/answers";
import * as builtFormRoute from "~/routes/admin/forms/form";
import * as formListRoute from "~/routes/admin/forms/list";
import * as imageFormRoute from "~/routes/admin/images/form";
import * as imageListRoute from "~/routes/admin/images/list";
import * as menusRoute from "~/routes/admin/menus";
import { MENU_INTENTS } from "~/routes/admin/menus-schema";
import * as subscribersRoute from "~/routes/admin/outreach/subscribers";
import * as surveysRoute from "~/routes/admin/outreach/surveys";
import * as volunteersRoute from "~/routes/admin/outreach/volunteers";
import * as pageFormRoute from "~/routes/admin/pages/form";
import * as pageListRoute from "~/routes/admin/pages/list";
import * as pageRestoreRoute from "~/routes/admin/pages/restore-revision";
import * as postAutosaveRoute from "~/routes/admin/posts/autosave";
import * as postFormRoute from "~/routes/admin/posts/form";
import * as postListRoute from "~/routes/admin/posts/list";
import * as postMediaRoute from "~/routes/admin/posts/media";
import * as restoreRevisionRoute from "~/routes/admin/posts/restore-revision";
import * as privacyRoute from "~/routes/admin/privacy/person";
import * as requestViewRoute from "~/routes/admin/requests/view";
import * as settingsRoute from "~/routes/admin/settings";
import * as usersRoute from "~/routes/admin/users";
import * as videoFormRoute from "~/routes/admin/videos/form";
import * as videoListRoute from "~/routes/admin/videos/list";
import * as profileRoute from "~/routes/auth/profile";
import * as cardListsRoute from "~/routes/resources/card-lists";
import * as pageContentRoute from "~/routes/resources/page-content";
import { LIST_INTENTS } from "~/services/staff-actions.server";
import { ACCOUNT_INTENTS, TWO_FACTOR_SETUP_PATH } from "~/shared/auth-schemas";
import { CONTENT_TYPES, type ContentTypeName, staffRouteFiles } from "~/shared/content-types";
import { addEntry, toggleHidden } from "~/shared/menus";
import type { Role } from "~/shared/roles";
import { SETTINGS_INTENTS } from "~/shared/settings-schemas";
import { db } from "~/utils/db.server";
import {
  accounts,
  auditLog,
  builtForms,
  categories,
  contentListRevisions,
  contentLists,
  documents,
  eventRegistrations,
  events,
  formAnswers,
  images,
  menuRevisions,
  menus,
  newsletterCampaigns,
  newsletterSubscribers,
  pageContent,
  pageContentRevisions,
  pages,
  postDrafts,
  posts,
  requestEvents,
  requests,
  siteSettings,
  surveyResponses,
  users,
  videos,
  volunteers,
} from "../../database/schema";
import {
  createUser,
  markTwoFactorOn,
  requestAs,
  TEST_PASSWORD,
  type TestUser,
} from "../support/accounts";
import { pngFile } from "../support/images";
import { pdfFile } from "../support/pdfs";
import { createRequest, createRequestForm } from "../support/requests";
import { call, dataOf, headersOf, readOutbox, statusOf } from "../support/route-calls";
import { storedFiles } from "../support/uploads";

// The site requires two-factor sign-in of its admins (read once by getEnv(), before anything in
// this file asks for it): the admin row's admin has it on, the fifth row's has not set it up.
vi.hoisted(() => {
  process.env.ADMIN_TWO_FACTOR = "required";
});

/*
 * THE AUTHORIZATION MATRIX: every mutation of the product, tried through its ROUTE ACTION as a
 * signed-out visitor, a viewer, an editor, an admin and an admin who has not set up the
 * two-factor sign-in the site requires (a stolen password alone), with the outcome each must get.
 *
 * A new mutation (a new route with an action, or a new intent of an existing one) must be added
 * to MUTATIONS below. The coverage tests at the end fail for a route module that exports an
 * action without a row here, and for a known intent without a row.
 */

/**
 * "login": redirected to /login; "two-factor": sent to set up two-factor sign-in first;
 * 401/403: refused; "ok": the change was made.
 */
type Outcome = "login" | "two-factor" | 401 | 403 | "ok";
const WITHOUT_TWO_FACTOR = "admin without two-factor";
type Who = "signed out" | Role | typeof WITHOUT_TWO_FACTOR;
const WHO: Who[] = ["signed out", "viewer", "editor", "admin", WITHOUT_TWO_FACTOR];

interface Mutation {
  name: string;
  /** The route module, relative to the repository, for the coverage check. */
  route: string;
  /** The intent it posts, when the route has several. */
  intent?: string;
  /** Outcomes for signed out, viewer, editor, admin — in that order. */
  expected: [Outcome, Outcome, Outcome, Outcome];
  /**
   * The outcome for an admin without the two-factor sign-in the site requires: every staff
   * write sends them to set it up (the staff gate), so only a non-staff write says otherwise.
   */
  withoutTwoFactor?: Outcome;
  /** Each attempt gets its own users (for mutations that end the user's other sessions). */
  freshUsers?: boolean;
  /**
   * Not a staff write of the audit log (docs/decisions/075): one's own account, a draft's
   * autosave, a file before its form is saved, a reader's view — or one not wired yet, named.
   */
  unaudited?: string;
  /** Prepares a fresh target, calls the action as `who` and says how to see the change. */
  attempt: (who: TestUser | null) => Promise<Attempt>;
}

const LOGIN = "login";
const TWO_FACTOR = "two-factor";
const OK = "ok";

/** A staff write open to `role` and above: signed out, viewer, editor, admin. */
const openTo = (role: Role): Mutation["expected"] =>
  role === "admin"
    ? [401, 403, 403, OK]
    : role === "editor"
      ? [401, 403, OK, OK]
      : [401, OK, OK, OK];
/** A content type's writes and deletions, open to whom its declaration says (docs/decisions/063). */
const writes = (name: ContentTypeName) => openTo(CONTENT_TYPES[name].access.write);
const removes = (name: ContentTypeName) => openTo(CONTENT_TYPES[name].access.remove);

// ─── fixtures ──────────────────────────────────────────────────────────────────────────────

let owner: TestUser; // an admin who prepares the targets
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

const newPost = () =>
  createPost(owner, {
    title: `مقال المصفوفة ${++counter}`,
    slug: unique("matrix-post"),
    excerpt: null,
    content: "نص",
    categoryId: null,
    status: "draft",
  });

const newCategory = () => createCategory(owner, { name: unique("تصنيف"), slug: unique("cat") });

const newVideo = () =>
  createVideo(owner, {
    title: `فيديو المصفوفة ${++counter}`,
    description: null,
    youtubeId: "dQw4w9WgXcQ",
    categoryId: null,
    status: "draft",
  });

const newImage = async () =>
  createImage(
    owner,
    { title: `صورة المصفوفة ${++counter}`, description: null, categoryId: null },
    await pngFile(),
  );

const PAGE = "/about";
const blockValue = async (contentKey: string) =>
  (
    await rowOf(
      db
        .select({ value: pageContent.contentValue })
        .from(pageContent)
        .where(and(eq(pageContent.pagePath, PAGE), eq(pageContent.contentKey, contentKey))),
    )
  )?.value;

async function storedBlock() {
  const contentKey = unique("matrix-text");
  await savePageText(owner, { pagePath: PAGE, contentKey, value: "نص أول", contentType: "text" });
  const [current] = await db
    .select({ updatedAt: pageContent.updatedAt })
    .from(pageContent)
    .where(and(eq(pageContent.pagePath, PAGE), eq(pageContent.contentKey, contentKey)));
  const [revision] = await db
    .select({ id: pageContentRevisions.id })
    .from(pageContentRevisions)
    .where(eq(pageContentRevisions.contentKey, contentKey))
    .orderBy(desc(pageContentRevisions.savedAt));
  return {
    pagePath: PAGE,
    contentKey,
    expectedUpdatedAt: current.updatedAt.toISOString(),
    revisionId: revision.id,
  };
}

const post = (
  route: { action: unknown },
  who: TestUser | null,
  pathname: string,
  form: Record<string, string | Blob>,
  params: Record<string, string> = {},
) => call(route.action as never, requestAs(who, pathname, { form }), params);

/** What one attempt answered, and whether the database shows the change it asked for. */
interface Attempt {
  result: unknown;
  changed: () => Promise<boolean>;
}
const tried = async (result: Promise<unknown>, changed: () => Promise<boolean>) => ({
  result: await result,
  changed,
});

const rowOf = async <T>(rows: Promise<T[]>) => (await rows)[0];
let requestFormId: string | undefined;
const newRequest = async () => {
  requestFormId ??= (await createRequestForm()).id;
  return createRequest(requestFormId);
};
type StoredRequest = typeof requests.$inferSelect;
const requestRow = async (id: string) =>
  (await db.select().from(requests).where(eq(requests.id, id)))[0];
const postRow = (id: string) => rowOf(db.select().from(posts).where(eq(posts.id, id)));
const videoRow = (id: string) => rowOf(db.select().from(videos).where(eq(videos.id, id)));
const imageRow = (id: string) => rowOf(db.select().from(images).where(eq(images.id, id)));
const categoryRow = (id: string) =>
  rowOf(db.select().from(categories).where(eq(categories.id, id)));
const settingStamp = async (key: string) =>
  (
    await rowOf(db.select().from(siteSettings).where(eq(siteSettings.key, key)))
  )?.updatedAt.getTime();
const passwordHash = async (userId: string) =>
  (await rowOf(db.select().from(accounts).where(eq(accounts.userId, userId))))?.password;

const SETTINGS = "/admin/dashboard/settings";
const settingsForms: Record<(typeof SETTINGS_INTENTS)[number], Record<string, string>> = {
  "update-registration": { allow_registration: "on" },
  "update-social-links": { facebook: "https://facebook.com/rifq" },
  "update-contact-info": { phone: "013 000 0000", email: "a@rifq.test", address: "الدمام" },
  "update-donation-account": {
    title: "تبرّع",
    account_number: "608010167519",
    bank_name: "مصرف الراجحي",
    iban: "SA0380000000608010167519",
  },
  "update-site-url": { site_url: "http://localhost:3000" },
};
const settingKeys: Record<(typeof SETTINGS_INTENTS)[number], string> = {
  "update-registration": "registration_control",
  "update-social-links": "social_links",
  "update-contact-info": "contact_info",
  "update-donation-account": "donation_account",
  "update-site-url": "site_url",
};

/** The account sections, on both screens that show them. */
const accountMutations = (
  screen: string,
  route: { action: unknown },
  file: string,
  expected: [Outcome, Outcome, Outcome, Outcome],
  withoutTwoFactor: Outcome = TWO_FACTOR,
): Mutation[] => [
  {
    name: `${screen}: own name`,
    route: file,
    intent: "update-profile",
    expected,
    withoutTwoFactor,
    freshUsers: true,
    attempt: async (who) => {
      const fullName = unique("اسم جديد");
      return tried(post(route, who, screen, { intent: "update-profile", fullName }), async () =>
        who
          ? (await rowOf(db.select().from(users).where(eq(users.id, who.id)))).fullName === fullName
          : false,
      );
    },
  },
  {
    name: `${screen}: own password`,
    route: file,
    intent: "change-password",
    expected,
    withoutTwoFactor,
    freshUsers: true,
    attempt: async (who) => {
      const before = who ? await passwordHash(who.id) : undefined;
      return tried(
        post(route, who, screen, {
          intent: "change-password",
          currentPassword: TEST_PASSWORD,
          newPassword: "Another-pass-2026",
          confirmPassword: "Another-pass-2026",
        }),
        async () => (who ? (await passwordHash(who.id)) !== before : false),
      );
    },
  },
];

/** A list row button (publish toggle or delete) on a fresh draft post or video. */
const listButton = (kind: "posts" | "videos", intent: (typeof LIST_INTENTS)[number]): Mutation => ({
  name: `${kind}: ${intent}`,
  route: `app/routes/admin/${kind}/list.tsx`,
  intent,
  expected: intent === "delete" ? removes(kind) : writes(kind),
  attempt: async (who) => {
    const { id } = kind === "posts" ? await newPost() : await newVideo();
    const row = () => (kind === "posts" ? postRow(id) : videoRow(id));
    const route = kind === "posts" ? postListRoute : videoListRoute;
    return tried(post(route, who, `/admin/dashboard/${kind}`, { intent, id }), async () => {
      const after = await row();
      return intent === "delete" ? !after : after?.status === "published";
    });
  },
});

// ─── the matrix ────────────────────────────────────────────────────────────────────────────
//                                                         signed out  viewer  editor  admin
const MUTATIONS: Mutation[] = [
  ...SETTINGS_INTENTS.map(
    (intent): Mutation => ({
      name: `settings: ${intent}`,
      route: "app/routes/admin/settings.tsx",
      intent,
      expected: [LOGIN, 403, 403, OK],
      attempt: async (who) => {
        const before = await settingStamp(settingKeys[intent]);
        return tried(
          post(settingsRoute, who, SETTINGS, { intent, ...settingsForms[intent] }),
          async () => (await settingStamp(settingKeys[intent])) !== before,
        );
      },
    }),
  ),
  // The staff screen's account sections are for staff; everyone has them at /profile.
  ...accountMutations(SETTINGS, settingsRoute, "app/routes/admin/settings.tsx", [
    LOGIN,
    403,
    OK,
    OK,
  ]),
  // /profile is everyone's own account, not the staff area: the staff gate does not stand there.
  ...accountMutations(
    "/profile",
    profileRoute,
    "app/routes/auth/profile.tsx",
    [LOGIN, OK, OK, OK],
    OK,
  ),
  {
    name: "users: change a role",
    route: "app/routes/admin/users.tsx",
    expected: [LOGIN, 403, 403, OK],
    attempt: async (who) => {
      const target = await createUser("viewer");
      return tried(
        post(usersRoute, who, "/admin/dashboard/users", { userId: target.id, role: "editor" }),
        async () =>
          (await rowOf(db.select().from(users).where(eq(users.id, target.id)))).role === "editor",
      );
    },
  },
  {
    name: "posts: create",
    route: "app/routes/admin/posts/form.tsx",
    intent: "create",
    expected: writes("posts"),
    attempt: async (who) => {
      const slug = unique("new-post");
      return tried(
        post(postFormRoute, who, "/admin/dashboard/posts/new", {
          title: "مقال جديد",
          slug,
          content: "نص المقال",
          status: "draft",
        }),
        async () => (await db.select().from(posts).where(eq(posts.slug, slug))).length === 1,
      );
    },
  },
  {
    name: "posts: update",
    route: "app/routes/admin/posts/form.tsx",
    intent: "update",
    expected: writes("posts"),
    attempt: async (who) => {
      const { id } = await newPost();
      const form = { title: "عنوان معدل", slug: unique("edited"), content: "نص", status: "draft" };
      return tried(
        post(postFormRoute, who, `/admin/dashboard/posts/${id}/edit`, form, { id }),
        async () => (await postRow(id))?.slug === form.slug,
      );
    },
  },
  ...LIST_INTENTS.map((intent) => listButton("posts", intent)),
  {
    name: "posts: autosave a draft",
    route: "app/routes/admin/posts/autosave.ts",
    expected: writes("posts"),
    attempt: async (who) => {
      const { id } = await newPost();
      const form = {
        intent: "save",
        postId: id,
        title: "مسودة",
        excerpt: "",
        content: "<p>نص</p>",
      };
      return tried(
        post(postAutosaveRoute, who, "/admin/dashboard/posts/autosave", form),
        async () =>
          (await db.select().from(postDrafts).where(eq(postDrafts.postKey, id))).length === 1,
      );
    },
  },
  {
    name: "posts: upload an image for the article",
    route: "app/routes/admin/posts/media.ts",
    expected: writes("posts"),
    attempt: async (who) => {
      const before = storedFiles().length;
      return tried(
        post(postMediaRoute, who, "/admin/dashboard/posts/media", { image: await pngFile() }),
        async () => storedFiles().length > before,
      );
    },
  },
  {
    name: "posts: restore a revision",
    route: "app/routes/admin/posts/restore-revision.ts",
    expected: writes("posts"),
    attempt: async (who) => {
      const created = await newPost();
      const current = await postRow(created.id);
      await updatePost(owner, created.id, { ...current, content: "<p>نص أحدث</p>" });
      const [, first] = await listPostRevisions(owner, created.id);
      const params = { id: created.id, revisionId: first.id };
      const path = `/admin/dashboard/posts/${created.id}/revisions/${first.id}/restore`;
      return tried(
        call(
          restoreRevisionRoute.action as never,
          requestAs(who, path, { method: "POST" }),
          params,
        ),
        async () => (await postRow(created.id))?.content === first.content,
      );
    },
  },
  {
    name: "videos: create",
    route: "app/routes/admin/videos/form.tsx",
    intent: "create",
    expected: writes("videos"),
    attempt: async (who) => {
      const title = unique("فيديو جديد");
      return tried(
        post(videoFormRoute, who, "/admin/dashboard/videos/new", {
          title,
          youtubeId: "https://youtu.be/dQw4w9WgXcQ",
          status: "draft",
        }),
        async () => (await db.select().from(videos).where(eq(videos.title, title))).length === 1,
      );
    },
  },
  {
    name: "videos: update",
    route: "app/routes/admin/videos/form.tsx",
    intent: "update",
    expected: writes("videos"),
    attempt: async (who) => {
      const { id } = await newVideo();
      const form = { title: unique("عنوان معدل"), youtubeId: "dQw4w9WgXcQ", status: "published" };
      return tried(
        post(videoFormRoute, who, `/admin/dashboard/videos/${id}/edit`, form, { id }),
        async () => (await videoRow(id))?.title === form.title,
      );
    },
  },
  ...LIST_INTENTS.map((intent) => listButton("videos", intent)),
  {
    // Staff count a view when they play a video in their list (spec §4).
    name: "videos: count a view",
    route: "app/routes/admin/videos/list.tsx",
    intent: "view",
    expected: writes("videos"),
    attempt: async (who) => {
      const { id } = await newVideo();
      return tried(
        post(videoListRoute, who, "/admin/dashboard/videos", { intent: "view", id }),
        async () => (await videoRow(id))?.viewsCount === 1,
      );
    },
  },
  {
    name: "images: upload",
    route: "app/routes/admin/images/form.tsx",
    intent: "create",
    expected: writes("images"),
    attempt: async (who) => {
      const title = unique("صورة جديدة");
      return tried(
        post(imageFormRoute, who, "/admin/dashboard/images/new", { title, image: await pngFile() }),
        async () => (await db.select().from(images).where(eq(images.title, title))).length === 1,
      );
    },
  },
  {
    name: "images: update",
    route: "app/routes/admin/images/form.tsx",
    intent: "update",
    expected: writes("images"),
    attempt: async (who) => {
      const { id } = await newImage();
      const form = { title: unique("عنوان معدل"), description: "وصف" };
      return tried(
        post(imageFormRoute, who, `/admin/dashboard/images/${id}/edit`, form, { id }),
        async () => (await imageRow(id))?.title === form.title,
      );
    },
  },
  {
    name: "images: delete",
    route: "app/routes/admin/images/list.tsx",
    intent: "delete",
    expected: removes("images"),
    attempt: async (who) => {
      const { id } = await newImage();
      return tried(
        post(imageListRoute, who, "/admin/dashboard/images", { intent: "delete", id }),
        async () => !(await imageRow(id)),
      );
    },
  },
  {
    name: "categories: create",
    route: "app/routes/admin/categories.tsx",
    intent: "create",
    expected: [401, 403, OK, OK],
    attempt: async (who) => {
      const slug = unique("new-cat");
      return tried(
        post(categoriesRoute, who, "/admin/dashboard/categories", {
          intent: "create",
          name: unique("جديد"),
          slug,
        }),
        async () =>
          (await db.select().from(categories).where(eq(categories.slug, slug))).length === 1,
      );
    },
  },
  {
    name: "categories: rename",
    route: "app/routes/admin/categories.tsx",
    intent: "update",
    expected: [401, 403, OK, OK],
    attempt: async (who) => {
      const { id } = await newCategory();
      const slug = unique("renamed");
      return tried(
        post(categoriesRoute, who, "/admin/dashboard/categories", {
          intent: "update",
          id,
          name: unique("اسم جديد"),
          slug,
        }),
        async () => (await categoryRow(id))?.slug === slug,
      );
    },
  },
  {
    name: "categories: delete",
    route: "app/routes/admin/categories.tsx",
    intent: "delete",
    expected: [401, 403, OK, OK],
    attempt: async (who) => {
      const { id } = await newCategory();
      return tried(
        post(categoriesRoute, who, "/admin/dashboard/categories", { intent: "delete", id }),
        async () => !(await categoryRow(id)),
      );
    },
  },
  {
    name: "page text: save",
    route: "app/routes/resources/page-content.ts",
    intent: "save",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const contentKey = unique("matrix-new");
      return tried(
        post(pageContentRoute, who, "/api/page-content", {
          intent: "save",
          pagePath: PAGE,
          contentKey,
          value: "نص جديد",
          contentType: "text",
        }),
        async () => (await blockValue(contentKey)) === "نص جديد",
      );
    },
  },
  {
    name: "page text: restore a version",
    route: "app/routes/resources/page-content.ts",
    intent: "restore",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      // The block's first text (the revision to restore), then a second one over it.
      const first = await storedBlock();
      const { pagePath, contentKey, revisionId } = first;
      const second = await savePageText(owner, {
        pagePath,
        contentKey,
        value: "نص ثان",
        contentType: "text",
        expectedUpdatedAt: first.expectedUpdatedAt,
      });
      if (second.status !== "saved" || !second.block)
        throw new Error("the second text was not saved");
      const expectedUpdatedAt = second.block.updatedAt;
      const before = await blockValue(contentKey);
      expect(before).toBe("نص ثان");
      return tried(
        post(pageContentRoute, who, "/api/page-content", {
          intent: "restore",
          pagePath,
          contentKey,
          revisionId,
          expectedUpdatedAt,
        }),
        async () => (await blockValue(contentKey)) !== before,
      );
    },
  },
  {
    name: "page text: back to the default",
    route: "app/routes/resources/page-content.ts",
    intent: "reset",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const { pagePath, contentKey, expectedUpdatedAt } = await storedBlock();
      return tried(
        post(pageContentRoute, who, "/api/page-content", {
          intent: "reset",
          pagePath,
          contentKey,
          expectedUpdatedAt,
        }),
        async () => (await blockValue(contentKey)) === undefined,
      );
    },
  },
  {
    name: "volunteers: change status and note",
    route: "app/routes/admin/outreach/volunteers.tsx",
    intent: "update",
    expected: [401, 403, OK, OK],
    attempt: async (who) => {
      const { id } = await newVolunteer();
      return tried(
        post(volunteersRoute, who, "/admin/dashboard/volunteers", {
          intent: "update",
          id,
          status: "contacted",
          staffNote: "تم الاتصال",
        }),
        async () => (await volunteerRow(id))?.status === "contacted",
      );
    },
  },
  {
    name: "volunteers: delete on request",
    route: "app/routes/admin/outreach/volunteers.tsx",
    intent: "delete",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const { id } = await newVolunteer();
      return tried(
        post(volunteersRoute, who, "/admin/dashboard/volunteers", { intent: "delete", id }),
        async () => !(await volunteerRow(id)),
      );
    },
  },
  // Requests the association follows up (docs/decisions/072): editors and admins.
  ...(
    [
      ["state", { to: "in_review", message: "ندرس طلبك" }, (row) => row.state === "in_review"],
      ["assign", { assigneeId: "" }, (row) => row.updatedAt > row.createdAt],
      ["due", { dueOn: "2030-01-31" }, (row) => row.dueOn === "2030-01-31"],
    ] satisfies [string, Record<string, string>, (row: StoredRequest) => boolean][]
  ).map(
    ([intent, form, changed]): Mutation => ({
      name: `requests: ${intent}`,
      route: "app/routes/admin/requests/view.tsx",
      intent,
      expected: [401, 403, OK, OK],
      attempt: async (who) => {
        const { id } = await newRequest();
        return tried(
          post(
            requestViewRoute,
            who,
            `/admin/dashboard/requests/${id}`,
            { intent, ...form },
            { id },
          ),
          async () => changed(await requestRow(id)),
        );
      },
    }),
  ),
  {
    name: "requests: internal note",
    route: "app/routes/admin/requests/view.tsx",
    intent: "note",
    expected: [401, 403, OK, OK],
    attempt: async (who) => {
      const { id } = await newRequest();
      return tried(
        post(
          requestViewRoute,
          who,
          `/admin/dashboard/requests/${id}`,
          { intent: "note", note: "ملاحظة المصفوفة" },
          { id },
        ),
        async () =>
          Boolean(
            await rowOf(
              db
                .select()
                .from(requestEvents)
                .where(and(eq(requestEvents.requestId, id), eq(requestEvents.kind, "note"))),
            ),
          ),
      );
    },
  },
  {
    name: "survey answers: delete on request",
    route: "app/routes/admin/outreach/surveys.tsx",
    intent: "delete",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const { id } = await submitSurveyResponse("visitors", {
        answers: { overall: 3 },
        comment: "تعليق المصفوفة",
        contactName: "اسم",
        contactPhone: "+966501234567",
      });
      return tried(
        post(surveysRoute, who, "/admin/dashboard/surveys", { intent: "delete", id }),
        async () =>
          !(await rowOf(db.select().from(surveyResponses).where(eq(surveyResponses.id, id)))),
      );
    },
  },
  {
    name: "newsletter subscribers: delete on request",
    route: "app/routes/admin/outreach/subscribers.tsx",
    intent: "delete",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const email = `${unique("reader")}@example.test`;
      await requestNewsletterSubscription(email);
      const subscriber = () =>
        rowOf(
          db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
        );
      const { id } = (await subscriber()) ?? { id: "" };
      return tried(
        post(subscribersRoute, who, "/admin/dashboard/subscribers", { intent: "delete", id }),
        async () => !(await subscriber()),
      );
    },
  },
  // Issue 36: one person's data erased in one action (docs/decisions/073): admins only.
  {
    name: "a person's data: erase everything the site holds",
    route: "app/routes/admin/privacy/person.tsx",
    intent: "erase",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
      const { id } = await registerVolunteer({
        fullName: "متطوع يطلب الحذف",
        phone,
        city: "dammam",
        interests: ["visits"],
        availability: ["weekends"],
        consent: "on",
      });
      return tried(
        post(privacyRoute, who, "/admin/dashboard/privacy", { intent: "erase", contact: phone }),
        async () => !(await volunteerRow(id)),
      );
    },
  }, // ─── events (docs/decisions/052): editors and admins manage them; only admins forget a person ──
  {
    name: "events: create",
    route: "app/routes/admin/events/form.tsx",
    intent: "create",
    expected: writes("events"),
    attempt: async (who) => {
      const title = unique("فعالية جديدة");
      return tried(
        post(eventFormRoute, who, "/admin/dashboard/events/new", {
          title,
          slug: unique("event"),
          description: "<p>وصف</p>",
          startsAt: "2027-05-01T10:00",
          endsAt: "2027-05-01T12:00",
          place: "الدمام",
          capacity: "20",
          status: "draft",
        }),
        async () => (await db.select().from(events).where(eq(events.title, title))).length === 1,
      );
    },
  },
  {
    name: "events: update",
    route: "app/routes/admin/events/form.tsx",
    intent: "update",
    expected: writes("events"),
    attempt: async (who) => {
      const { id, slug } = await newEvent();
      return tried(
        post(
          eventFormRoute,
          who,
          `/admin/dashboard/events/${id}/edit`,
          {
            title: "عنوان معدّل",
            slug,
            description: "<p>وصف</p>",
            startsAt: "2027-05-01T10:00",
            endsAt: "2027-05-01T12:00",
            place: "الخبر",
            capacity: "20",
            status: "draft",
          },
          { id },
        ),
        async () => (await eventRow(id))?.place === "الخبر",
      );
    },
  },
  ...(["publish-toggle", "delete"] as const).map(
    (intent): Mutation => ({
      name: `events: ${intent}`,
      route: "app/routes/admin/events/list.tsx",
      intent,
      expected: intent === "delete" ? removes("events") : writes("events"),
      attempt: async (who) => {
        const { id } = await newEvent();
        return tried(
          post(eventListRoute, who, "/admin/dashboard/events", { intent, id }),
          async () => {
            const after = await eventRow(id);
            return intent === "delete" ? !after : after?.status === "published";
          },
        );
      },
    }),
  ),
  {
    name: "event registrations: mark attendance",
    route: "app/routes/admin/events/registrations.tsx",
    intent: "attendance",
    expected: [401, 403, OK, OK],
    attempt: async (who) => {
      const { eventId, id } = await newRegistration();
      return tried(
        post(
          eventRegistrationsRoute,
          who,
          `/admin/dashboard/events/${eventId}/registrations`,
          { intent: "attendance", id, attended: "yes" },
          { id: eventId },
        ),
        async () => (await registrationRow(id))?.attended === true,
      );
    },
  },
  {
    name: "event registrations: delete on request",
    route: "app/routes/admin/events/registrations.tsx",
    intent: "delete",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const { eventId, id } = await newRegistration();
      return tried(
        post(
          eventRegistrationsRoute,
          who,
          `/admin/dashboard/events/${eventId}/registrations`,
          { intent: "delete", id },
          { id: eventId },
        ),
        async () => !(await registrationRow(id)),
      );
    },
  },
  // ─── forms built by staff (docs/decisions/071): admins build and delete; admins erase answers ───
  ...(["create", "update"] as const).map(
    (intent): Mutation => ({
      name: `forms: ${intent}`,
      route: "app/routes/admin/forms/form.tsx",
      intent,
      expected: writes("forms"),
      attempt: async (who) => {
        const title = unique("نموذج");
        const id = intent === "update" ? (await newBuiltForm()).id : undefined;
        return tried(
          post(
            builtFormRoute,
            who,
            id ? `/admin/dashboard/forms/${id}/edit` : "/admin/dashboard/forms/new",
            {
              title,
              slug: unique("form"),
              "fields[0].key": "f1",
              "fields[0].kind": "short_text",
              "fields[0].label": "الاسم",
              "fields[0].required": "on",
              status: "open",
              thankYou: "شكراً",
              purpose: "لنتواصل معك",
              retentionMonths: "6",
            },
            id ? { id } : {},
          ),
          async () =>
            (await db.select().from(builtForms).where(eq(builtForms.title, title))).length === 1,
        );
      },
    }),
  ),
  {
    name: "forms: delete",
    route: "app/routes/admin/forms/list.tsx",
    intent: "delete",
    expected: removes("forms"),
    attempt: async (who) => {
      const { id } = await newBuiltForm();
      return tried(
        post(formListRoute, who, "/admin/dashboard/forms", { intent: "delete", id }),
        async () => (await db.select().from(builtForms).where(eq(builtForms.id, id))).length === 0,
      );
    },
  },
  {
    name: "form answers: delete on request",
    route: "app/routes/admin/forms/answers.tsx",
    intent: "delete",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const { id: formId } = await newBuiltForm();
      const { answerId } = await sendAnswer(
        formId,
        { f1: "سعاد" },
        { baseUrl: "http://localhost" },
      );
      return tried(
        post(
          formAnswersRoute,
          who,
          `/admin/dashboard/forms/${formId}/answers`,
          { intent: "delete", id: answerId },
          { id: formId },
        ),
        async () =>
          (await db.select().from(formAnswers).where(eq(formAnswers.id, answerId))).length === 0,
      );
    },
  },
  // ─── the documents library (docs/decisions/048): editors and admins, like the other media ───
  {
    name: "documents: upload",
    route: "app/routes/admin/documents/form.tsx",
    intent: "create",
    expected: writes("documents"),
    attempt: async (who) => {
      const title = unique("وثيقة جديدة");
      return tried(
        post(documentFormRoute, who, "/admin/dashboard/documents/new", {
          title,
          category: "reports",
          year: "2025",
          status: "published",
          file: await pdfFile(),
        }),
        async () =>
          (await db.select().from(documents).where(eq(documents.title, title))).length === 1,
      );
    },
  },
  {
    name: "documents: update",
    route: "app/routes/admin/documents/form.tsx",
    intent: "update",
    expected: writes("documents"),
    attempt: async (who) => {
      const { id } = await newDocument();
      const form = { title: unique("عنوان معدل"), category: "policies", year: "2024" };
      return tried(
        post(documentFormRoute, who, `/admin/dashboard/documents/${id}/edit`, form, { id }),
        async () => (await documentRow(id))?.title === form.title,
      );
    },
  },
  ...LIST_INTENTS.map(
    (intent): Mutation => ({
      name: `documents: ${intent}`,
      route: "app/routes/admin/documents/list.tsx",
      intent,
      expected: intent === "delete" ? removes("documents") : writes("documents"),
      attempt: async (who) => {
        const { id } = await newDocument();
        return tried(
          post(documentListRoute, who, "/admin/dashboard/documents", { intent, id }),
          async () => {
            const after = await documentRow(id);
            return intent === "delete" ? !after : after?.status === "published";
          },
        );
      },
    }),
  ),
  // ─── newsletter campaigns (docs/decisions/051): editors and admins compose, test and send ───
  {
    name: "campaigns: create",
    route: "app/routes/admin/campaigns/form.tsx",
    intent: "create",
    expected: writes("campaigns"),
    attempt: async (who) => {
      const subject = unique("حملة جديدة");
      return tried(
        post(campaignFormRoute, who, "/admin/dashboard/campaigns/new", {
          subject,
          body: "<p>نص الحملة</p>",
        }),
        async () => Boolean(await campaignBySubject(subject)),
      );
    },
  },
  {
    name: "campaigns: update",
    route: "app/routes/admin/campaigns/form.tsx",
    intent: "update",
    expected: writes("campaigns"),
    attempt: async (who) => {
      const { id } = await newCampaign();
      const subject = unique("عنوان معدل");
      return tried(
        post(
          campaignFormRoute,
          who,
          `/admin/dashboard/campaigns/${id}/edit`,
          { subject, body: "<p>نص</p>" },
          { id },
        ),
        async () => (await campaignRow(id))?.subject === subject,
      );
    },
  },
  {
    name: "campaigns: delete a draft",
    route: "app/routes/admin/campaigns/list.tsx",
    intent: "delete",
    expected: removes("campaigns"),
    attempt: async (who) => {
      const { id } = await newCampaign();
      return tried(
        post(campaignListRoute, who, "/admin/dashboard/campaigns", { intent: "delete", id }),
        async () => !(await campaignRow(id)),
      );
    },
  },
  ...(
    [
      [
        "test",
        (id: string, who: TestUser | null) => async () => {
          const subject = `[تجربة] ${(await campaignRow(id))?.subject}`;
          return readOutbox().some((mail) => mail.to === who?.email && mail.subject === subject);
        },
      ],
      ["send-now", (id: string) => async () => (await campaignRow(id))?.status === "sending"],
      ["schedule", (id: string) => async () => (await campaignRow(id))?.status === "scheduled"],
      ["unschedule", (id: string) => async () => (await campaignRow(id))?.status === "draft"],
      ["archive", (id: string) => async () => (await campaignRow(id))?.inArchive === false],
    ] as const
  ).map(
    ([intent, changed]): Mutation => ({
      name: `campaigns: ${intent}`,
      route: "app/routes/admin/campaigns/view.tsx",
      intent,
      expected: writes("campaigns"),
      attempt: async (who) => {
        await confirmedSubscriber();
        const { id } = await newCampaign(intent === "unschedule" ? "scheduled" : "draft");
        const form: Record<string, string> = { intent };
        if (intent === "schedule") form.sendAt = "2099-01-01T10:00";
        return tried(
          post(campaignViewRoute, who, `/admin/dashboard/campaigns/${id}`, form, { id }),
          changed(id, who),
        );
      },
    }),
  ),
];

const campaignRow = (id: string) =>
  rowOf(db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)));
const campaignBySubject = (subject: string) =>
  rowOf(db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.subject, subject)));
async function newCampaign(status: "draft" | "scheduled" = "draft") {
  const campaign = await createCampaign(owner, {
    subject: unique("حملة المصفوفة"),
    body: "<p>نص</p>",
    inArchive: true,
  });
  if (status === "scheduled") {
    await db
      .update(newsletterCampaigns)
      .set({ status, sendAt: new Date("2099-01-01T07:00:00Z") })
      .where(eq(newsletterCampaigns.id, campaign.id));
  }
  return campaign;
}
const confirmedSubscriber = () =>
  db.insert(newsletterSubscribers).values({
    email: `${unique("reader")}@example.test`,
    token: unique("token").padEnd(32, "x").slice(0, 32),
    confirmedAt: new Date(),
  });

const newDocument = async () =>
  createDocument(
    owner,
    { title: `وثيقة المصفوفة ${++counter}`, category: "reports", year: 2025, status: "hidden" },
    await pdfFile(),
  );
const documentRow = (id: string) => rowOf(db.select().from(documents).where(eq(documents.id, id)));
const newEvent = () =>
  createEvent(owner, {
    title: unique("فعالية المصفوفة"),
    slug: unique("matrix-event"),
    description: "<p>وصف</p>",
    startsAt: new Date(Date.now() + 3 * 86_400_000),
    endsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000),
    place: "الدمام",
    mapUrl: null,
    capacity: 10,
    registrationOpen: true,
    status: "draft",
  });
const newBuiltForm = () =>
  createForm(owner, {
    title: unique("نموذج"),
    slug: unique("form"),
    fields: [{ key: "f1", kind: "short_text", label: "الاسم", required: true, maxLength: 100 }],
    status: "open",
    isRequest: false,
    thankYou: "شكراً",
    purpose: "اختبار",
    retentionMonths: 1,
    notifyUserIds: [],
  });

const eventRow = (id: string) => rowOf(db.select().from(events).where(eq(events.id, id)));
async function newRegistration() {
  const event = await newEvent();
  await db.update(events).set({ status: "published" }).where(eq(events.id, event.id));
  const registered = await registerForEvent(event.id, {
    fullName: "مسجّل المصفوفة",
    phone: "+966501234567",
    attendees: 1,
  });
  if (!registered) throw new Error("a new event's first registration was not kept");
  return { eventId: event.id, id: registered.registration.id };
}
const registrationRow = (id: string) =>
  rowOf(db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)));

// ─── card lists (issue 23 item 1, docs/decisions/047): admins only ──────────────────────────
const CARD_LIST = { pagePath: "/governance", listKey: "principles" };
const CARD_LISTS_PATH = "/api/card-lists";
async function cardListRow() {
  return rowOf(
    db
      .select()
      .from(contentLists)
      .where(
        and(
          eq(contentLists.pagePath, CARD_LIST.pagePath),
          eq(contentLists.listKey, CARD_LIST.listKey),
        ),
      ),
  );
}
/** A fresh stored list: the built-in principles and one added card; answers its version. */
async function storedCardList() {
  await db.delete(contentLists);
  const outcome = await addCard(owner, {
    target: CARD_LIST,
    fields: { title: unique("مبدأ"), text: "نص" },
  });
  if (outcome.status !== "saved" || !outcome.list) throw new Error("the list was not saved");
  return outcome.list;
}
const cardListPost = (who: TestUser | null, form: Record<string, string | Blob>) =>
  post(cardListsRoute, who, CARD_LISTS_PATH, { ...CARD_LIST, ...form });
const cardListTitles = async () => ((await cardListRow())?.items ?? []).map((item) => item.title);

const CARD_LIST_MUTATIONS: Mutation[] = [
  {
    name: "card list: add a card",
    route: "app/routes/resources/card-lists.ts",
    intent: "add",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const list = await storedCardList();
      const title = unique("بطاقة");
      return tried(
        cardListPost(who, { intent: "add", title, text: "نص", expectedUpdatedAt: list.updatedAt }),
        async () => (await cardListTitles()).includes(title),
      );
    },
  },
  {
    name: "card list: change a card's icon and link",
    route: "app/routes/resources/card-lists.ts",
    intent: "edit",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const list = await storedCardList();
      const [first] = list.items;
      const link = `/governance#${unique("m")}`;
      return tried(
        cardListPost(who, {
          intent: "edit",
          itemKey: first.key,
          icon: "Star",
          link,
          expectedUpdatedAt: list.updatedAt,
        }),
        async () => (await cardListRow())?.items[0]?.link === link,
      );
    },
  },
  {
    name: "card list: remove a card",
    route: "app/routes/resources/card-lists.ts",
    intent: "remove",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const list = await storedCardList();
      const [first] = list.items;
      return tried(
        cardListPost(who, {
          intent: "remove",
          itemKey: first.key,
          expectedUpdatedAt: list.updatedAt,
        }),
        async () => !(await cardListTitles()).includes(first.title),
      );
    },
  },
  {
    name: "card list: move a card",
    route: "app/routes/resources/card-lists.ts",
    intent: "move",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const list = await storedCardList();
      const last = list.items[list.items.length - 1];
      return tried(
        cardListPost(who, {
          intent: "move",
          itemKey: last.key,
          direction: "up",
          expectedUpdatedAt: list.updatedAt,
        }),
        async () => (await cardListTitles()).at(-1) !== last.title,
      );
    },
  },
  {
    name: "card list: restore a version",
    route: "app/routes/resources/card-lists.ts",
    intent: "restore",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const first = await storedCardList();
      const second = await addCard(owner, {
        target: CARD_LIST,
        fields: { title: unique("ثانية"), text: "نص" },
        expectedUpdatedAt: first.updatedAt,
      });
      if (second.status !== "saved" || !second.list) throw new Error("not saved");
      const [revision] = await db
        .select({ id: contentListRevisions.id })
        .from(contentListRevisions)
        .where(eq(contentListRevisions.savedAt, new Date(first.updatedAt)));
      return tried(
        cardListPost(who, {
          intent: "restore",
          revisionId: revision.id,
          expectedUpdatedAt: second.list.updatedAt,
        }),
        async () => (await cardListTitles()).length === first.items.length,
      );
    },
  },
  {
    name: "card list: back to the built-in cards",
    route: "app/routes/resources/card-lists.ts",
    intent: "reset",
    expected: [401, 403, 403, OK],
    attempt: async (who) => {
      const list = await storedCardList();
      return tried(
        cardListPost(who, { intent: "reset", expectedUpdatedAt: list.updatedAt }),
        async () => !(await cardListRow()),
      );
    },
  },
  // ─── pages built from blocks (docs/decisions/049) ───────────────────────────────────────
  {
    name: "pages: create",
    route: "app/routes/admin/pages/form.tsx",
    intent: "create",
    expected: writes("pages"),
    attempt: async (who) => {
      const slug = unique("new-page");
      return tried(
        post(pageFormRoute, who, "/admin/dashboard/pages/new", { ...pageFormFields(), slug }),
        async () => (await db.select().from(pages).where(eq(pages.slug, slug))).length === 1,
      );
    },
  },
  {
    name: "pages: update",
    route: "app/routes/admin/pages/form.tsx",
    intent: "update",
    expected: writes("pages"),
    attempt: async (who) => {
      const { id } = await newPage();
      const slug = unique("edited-page");
      return tried(
        post(
          pageFormRoute,
          who,
          `/admin/dashboard/pages/${id}/edit`,
          { ...pageFormFields(), slug },
          { id },
        ),
        async () => (await pageRow(id))?.slug === slug,
      );
    },
  },
  {
    name: "pages: restore a revision",
    route: "app/routes/admin/pages/restore-revision.ts",
    expected: writes("pages"),
    attempt: async (who) => {
      const created = await newPage();
      await updatePage(owner, created.id, {
        ...created,
        blocks: [{ type: "cta", label: "تبرع", href: "/donate" }],
      });
      const [, first] = await listPageRevisions(owner, created.id);
      const path = `/admin/dashboard/pages/${created.id}/revisions/${first.id}/restore`;
      return tried(
        call(pageRestoreRoute.action as never, requestAs(who, path, { method: "POST" }), {
          id: created.id,
          revisionId: first.id,
        }),
        async () => (await pageRow(created.id))?.blocks[0]?.type === "text",
      );
    },
  },
  {
    name: "pages: ask what links to a page before deleting it",
    route: "app/routes/admin/pages/list.tsx",
    intent: "ask-delete",
    expected: removes("pages"),
    attempt: async (who) => {
      const { id } = await newPage();
      const result = await post(pageListRoute, who, "/admin/dashboard/pages", {
        intent: "ask-delete",
        id,
      });
      // Nothing is written: what "changed" is the answer's question, given to admins only.
      return { result, changed: async () => Boolean(dataOf<{ ask?: unknown }>(result)?.ask) };
    },
  },
  {
    name: "pages: delete",
    route: "app/routes/admin/pages/list.tsx",
    intent: "delete",
    expected: removes("pages"),
    attempt: async (who) => {
      const { id } = await newPage();
      return tried(
        post(pageListRoute, who, "/admin/dashboard/pages", {
          intent: "delete",
          id,
          confirmed: "1",
        }),
        async () => !(await pageRow(id)),
      );
    },
  },
];

const pageFormFields = () => ({
  title: "صفحة المصفوفة",
  status: "draft",
  "blocks[0].type": "text",
  "blocks[0].html": "<p>نص</p>",
});
const newPage = () =>
  createPage(owner, {
    title: `صفحة المصفوفة ${++counter}`,
    slug: unique("matrix-page"),
    blocks: [{ type: "text", html: "<p>نص</p>" }],
    status: "draft",
  });
const pageRow = (id: string) => rowOf(db.select().from(pages).where(eq(pages.id, id)));

// ─── issue 23, item 3: the menus (docs/decisions/050), administrators only ────────────────────

const MENUS = "/admin/dashboard/menus";
/** The newest revision of the header menu: a save (or restore) makes a new one. */
const headerStamp = async () =>
  (
    await rowOf(
      db
        .select({ id: menuRevisions.id })
        .from(menuRevisions)
        .where(eq(menuRevisions.menuId, "header"))
        .orderBy(desc(menuRevisions.savedAt), desc(menuRevisions.id))
        .limit(1),
    )
  )?.id;
/** The spec's menu plus two fresh items at its end (the first of them is `first`). */
async function menuWithTwoItems() {
  await restoreDefaultMenu(owner, "header");
  const first = unique("m")
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, 40);
  await changeMenu(owner, "header", (entries) =>
    addEntry(
      addEntry(entries, "header", { label: "أول", parentId: null, href: "/donate" }, first),
      "header",
      { label: "ثانٍ", parentId: null, href: "/volunteer" },
      `${first}-b`,
    ),
  );
  return first;
}
const menuForms: Record<(typeof MENU_INTENTS)[number], () => Promise<Record<string, string>>> = {
  add: async () => {
    await restoreDefaultMenu(owner, "header");
    return { label: "حملة المصفوفة", kind: "page", page: "/p/matrix", parentId: "menu-services" };
  },
  update: async () => ({
    id: await menuWithTwoItems(),
    label: "اسم جديد",
    kind: "external",
    url: "https://ehsan.sa",
  }),
  "move-up": async () => ({ id: `${await menuWithTwoItems()}-b` }),
  "move-down": async () => ({ id: await menuWithTwoItems() }),
  "toggle-hidden": async () => ({ id: await menuWithTwoItems() }),
  remove: async () => ({ id: await menuWithTwoItems() }),
  "restore-default": async () => {
    await changeMenu(owner, "header", (entries) => toggleHidden(entries, "menu-home"));
    return {};
  },
  "restore-revision": async () => {
    await changeMenu(owner, "header", (entries) => toggleHidden(entries, "menu-home"));
    return { revisionId: (await headerStamp()) ?? "" };
  },
};
const MENU_MUTATIONS: Mutation[] = MENU_INTENTS.map((intent) => ({
  name: `menus: ${intent}`,
  route: "app/routes/admin/menus.tsx",
  intent,
  expected: [LOGIN, 403, 403, OK],
  attempt: async (who) => {
    const form = await menuForms[intent]();
    const before = await headerStamp();
    const stored = async () =>
      (await rowOf(db.select().from(menus).where(eq(menus.id, "header"))))?.items;
    const storedBefore = await stored();
    return tried(post(menusRoute, who, MENUS, { intent, menu: "header", ...form }), async () =>
      intent === "restore-default"
        ? !(await stored()) && Boolean(storedBefore)
        : (await headerStamp()) !== before,
    );
  },
}));
MUTATIONS.push(...MENU_MUTATIONS);

const newVolunteer = () =>
  registerVolunteer({
    fullName: `متطوع المصفوفة ${++counter}`,
    phone: "+966501234567",
    city: "dammam",
    interests: ["visits"],
    availability: ["weekends"],
    consent: "on",
  });
const volunteerRow = (id: string) =>
  rowOf(db.select().from(volunteers).where(eq(volunteers.id, id)));

/** Route modules whose actions are not staff mutations, and why. */
const NOT_STAFF_MUTATIONS: Record<string, string> = {
  "app/routes/auth/login.tsx": "sign-in, sign-up and password reset: open to visitors",
  "app/routes/auth/setup.tsx": "the first-run setup: open until the first admin exists",
  "app/routes/site/built-form.tsx":
    "a built form's answer: open to visitors, rate-limited with a honeypot (tests/integration/built-forms.test.ts)",
  "app/routes/auth/logout.tsx": "sign-out of one's own session",
  "app/routes/resources/display.ts":
    "a reader's own text size and contrast, kept in their cookies; it stores nothing on the server",
  "app/routes/resources/auth.ts":
    "only GET /verify-email (the confirmation link); everything else 404",
  "app/routes/auth/two-factor.tsx":
    "one's own two-factor sign-in (editor+, password first; tests/integration/two-factor.test.ts)",
  "app/routes/site/news.tsx":
    "the newsletter box: open to visitors, double opt-in (tests/integration/newsletter.test.ts)",
  "app/routes/site/newsletter-confirm.tsx":
    "confirming one's own subscription by its e-mailed token",
  "app/routes/site/newsletter-unsubscribe.tsx": "leaving the newsletter by its e-mailed token",
  "app/routes/site/feedback-survey.tsx":
    "the satisfaction surveys: open to visitors, rate-limited with a honeypot (tests/integration/surveys.test.ts)",
  "app/routes/site/volunteer.tsx":
    "volunteer registration: open to visitors, rate-limited with a honeypot (tests/integration/volunteers.test.ts)",
  "app/routes/site/event.tsx":
    "event registration: open to visitors, rate-limited with a honeypot (tests/integration/events.test.ts)",
  "app/routes/site/event-registration.tsx":
    "cancelling one's own event registration by its signed token (tests/integration/events.test.ts)",
  "app/routes/site/request-follow-up.tsx":
    "withdrawing one's own request by its signed token (tests/integration/requests.test.ts)",
};

// ─── running it ────────────────────────────────────────────────────────────────────────────

/** What an action's answer amounts to: a sign-in redirect, a refusal, a success, or a failure. */
function outcomeOf(result: unknown): Outcome | string {
  const status = statusOf(result);
  if (status >= 300 && status < 400) {
    const location = headersOf(result).get("location");
    if (location === TWO_FACTOR_SETUP_PATH) return TWO_FACTOR;
    return location?.startsWith("/login") ? LOGIN : OK;
  }
  if (status === 401 || status === 403) return status;
  const body = dataOf<{ ok?: boolean; toast?: { type: string }; reply?: { status?: string } }>(
    result,
  );
  const failed =
    body?.ok === false || body?.toast?.type === "error" || body?.reply?.status === "error";
  return status < 300 && !failed ? OK : `failed with ${status}: ${JSON.stringify(body)}`;
}

let shared: Record<Exclude<Who, "signed out">, TestUser>;

/** A signed-in user as `who`: the admin with two-factor sign-in on, the fifth row's without. */
async function userAs(who: Exclude<Who, "signed out">, name?: string): Promise<TestUser> {
  if (who === WITHOUT_TWO_FACTOR) return createUser("admin", name);
  const user = await createUser(who, name);
  return who === "admin" ? markTwoFactorOn(user) : user;
}

beforeAll(async () => {
  const [viewer, editor, admin, withoutTwoFactor] = await Promise.all([
    userAs("viewer", "مشاهد المصفوفة"),
    userAs("editor", "محرر المصفوفة"),
    userAs("admin", "مدير المصفوفة"),
    userAs(WITHOUT_TWO_FACTOR, "مدير بلا تحقق بخطوتين"),
  ]);
  shared = { viewer, editor, admin, [WITHOUT_TWO_FACTOR]: withoutTwoFactor };
  owner = await userAs("admin", "مُعِدّ البيانات");
});

/** Writes that leave no audit row, and why (docs/decisions/075): none of them a staff action. */
const UNAUDITED: [string, string][] = [
  ["/admin/dashboard/settings: own", "one's own account, not a staff action on the site"],
  ["/profile: own", "one's own account"],
  ["posts: autosave a draft", "a draft's autosave; the form's save is recorded"],
  ["posts: upload an image for the article", "a file before its post is saved"],
  ["videos: count a view", "a reader's view"],
  ["pages: ask what links to a page", "a question, not a write"],
];
const unauditedWhy = (mutation: Mutation) =>
  mutation.unaudited ?? UNAUDITED.find(([prefix]) => mutation.name.startsWith(prefix))?.[1];

/** How many audit rows `actor` has (none for a visitor). */
async function auditRowsOf(actor: TestUser | null) {
  if (!actor) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.actorId, actor.id));
  return row.n;
}
const isStaff = (who: Who) => who === "editor" || who === "admin";

const expectedOf = (mutation: Mutation): Outcome[] => [
  ...mutation.expected,
  mutation.withoutTwoFactor ?? TWO_FACTOR,
];

describe.each([...MUTATIONS, ...CARD_LIST_MUTATIONS])("$name", (mutation) => {
  test.each(WHO.map((who, index) => ({ who, expected: expectedOf(mutation)[index] })))(
    "$who → $expected",
    async ({ who, expected }) => {
      const actor =
        who === "signed out" ? null : mutation.freshUsers ? await userAs(who) : shared[who];
      const logged = auditRowsOf(actor);
      const before = await logged;
      const { result, changed } = await mutation.attempt(actor);
      expect(outcomeOf(result)).toBe(expected);
      // An allowed write is in the database; a refused one left it as it was.
      expect(await changed()).toBe(expected === OK);
      // An allowed staff write left exactly one audit row by its actor, a refused one none
      // (docs/decisions/075).
      const rows = (await auditRowsOf(actor)) - before;
      const audited = expected === OK && !unauditedWhy(mutation) && isStaff(who);
      expect(rows, "audit rows by this actor").toBe(audited ? 1 : 0);
    },
  );
});

describe("the matrix covers every mutation", () => {
  function routeModulesWithActions(dir = "app/routes"): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return routeModulesWithActions(file);
      if (!/\.tsx?$/.test(entry.name) || /\.(test|server)\.tsx?$/.test(entry.name)) return [];
      const source = readFileSync(file, "utf8");
      return /export\s+(async\s+function|const|function)\s+action\b/.test(source) ? [file] : [];
    });
  }

  test("every route module with an action has rows, or a reason not to", () => {
    const covered = new Set([
      ...MUTATIONS.map((m) => m.route),
      ...CARD_LIST_MUTATIONS.map((m) => m.route),
      ...Object.keys(NOT_STAFF_MUTATIONS),
    ]);
    const missing = routeModulesWithActions().filter((file) => !covered.has(file));
    expect(missing, "add these actions to MUTATIONS").toEqual([]);
  });

  test("every intent of the multi-form screens has a row", () => {
    const intentsOf = (route: string) =>
      MUTATIONS.filter((m) => m.route === route).map((m) => m.intent);
    expect(intentsOf("app/routes/admin/settings.tsx")).toEqual(
      expect.arrayContaining([...SETTINGS_INTENTS, ...ACCOUNT_INTENTS]),
    );
    expect(intentsOf("app/routes/auth/profile.tsx")).toEqual(
      expect.arrayContaining([...ACCOUNT_INTENTS]),
    );
    expect(intentsOf("app/routes/admin/posts/list.tsx")).toEqual(
      expect.arrayContaining([...LIST_INTENTS]),
    );
    expect(intentsOf("app/routes/admin/videos/list.tsx")).toEqual(
      expect.arrayContaining([...LIST_INTENTS, "view"]),
    );
    expect(intentsOf("app/routes/admin/menus.tsx")).toEqual([...MENU_INTENTS]);
  });

  // docs/decisions/063: a declared content type has its create, update and delete rows, with the
  // outcomes its declaration's `access` says.
  test.each(Object.keys(CONTENT_TYPES) as ContentTypeName[])(
    "content type %s: create, update and delete rows follow its access",
    (name) => {
      const files = staffRouteFiles(CONTENT_TYPES[name]);
      const rowOf = (route: string, intent: string) =>
        [...MUTATIONS, ...CARD_LIST_MUTATIONS].find(
          (m) => m.route === `app/${route}` && m.intent === intent,
        )?.expected;
      expect(rowOf(files.form, "create"), "its create row").toEqual(writes(name));
      expect(rowOf(files.form, "update"), "its update row").toEqual(writes(name));
      expect(rowOf(files.list, "delete"), "its delete row").toEqual(removes(name));
    },
  );
});
