import { beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { SURVEY_QUESTIONS } from "~/content/feedback";
import { action as categoriesAction, categoryFormSchema } from "~/routes/admin/categories";
import { action as imageAction } from "~/routes/admin/images/form";
import { imageFormSchema } from "~/routes/admin/images/image-schema";
import { action as postAction } from "~/routes/admin/posts/form";
import { postFormSchema } from "~/routes/admin/posts/post-schema";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as videoAction } from "~/routes/admin/videos/form";
import { videoFormSchema } from "~/routes/admin/videos/video-schema";
import { action as loginAction } from "~/routes/auth/login";
import { action as profileAction } from "~/routes/auth/profile";
import { action as setupAction } from "~/routes/auth/setup";
import { action as surveyAction } from "~/routes/site/feedback-survey";
import { surveySchema } from "~/routes/site/feedback-survey-schema";
import { action as volunteerAction } from "~/routes/site/volunteer";
import { volunteerSchema } from "~/routes/site/volunteer-schema";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  personalInfoSchema,
  resetPasswordSchema,
  setupSchema,
  signInSchema,
  signUpSchema,
} from "~/shared/auth-schemas";
import { browserValidation } from "~/shared/form-validation";
import { contactInfoSchema } from "~/shared/settings-schemas";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { call, replyErrorsOf, statusOf } from "../support/route-calls";

// One round of errors (issue 26, docs/decisions/046): for the same input, the browser's check
// (what every form's useForm calls) lists exactly the fields and messages the server's action
// answers with, and a form with several wrong fields lists them all at once.

type Form = Record<string, string | string[]>;

function formDataOf(form: Form) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(form)) {
    for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
  }
  return formData;
}

/** The errors the browser shows before sending `form`. */
const browserErrors = (schema: z.ZodType, form: Form) =>
  browserValidation(schema)
    .onValidate({ formData: formDataOf(form) })
    .reply().error ?? {};

interface FormCase {
  name: string;
  schema: z.ZodType;
  form: Form;
  /** The fields refused, all in the first round. */
  fields: string[];
  send(form: Form): Promise<unknown>;
}

const post =
  (
    action: (args: never) => unknown,
    path: string,
    user: () => TestUser | null = () => null,
    params: Record<string, string> = {},
  ) =>
  (form: Form) =>
    call(action, requestAs(user(), path, { body: formDataOf(form) }), params);

let admin: TestUser;
let viewer: TestUser;
const asAdmin = () => admin;

const visitorQuestions = SURVEY_QUESTIONS.visitors.map((question) => question.key);

// Set-up is open only before the first account exists: it runs first.
const SETUP: FormCase = {
  name: "first-run setup",
  schema: setupSchema,
  form: { code: "", fullName: "", email: "not-an-address", password: "short" },
  fields: ["code", "fullName", "email", "password"],
  send: post(setupAction, "/setup"),
};

const CASES: FormCase[] = [
  {
    name: "volunteer registration",
    schema: volunteerSchema,
    form: {
      intent: "volunteer",
      fullName: "نورة القحطاني",
      phone: "12345",
      email: "",
      message: "",
    },
    fields: ["phone", "city", "interests", "availability", "consent"],
    send: post(volunteerAction, "/volunteer"),
  },
  {
    name: "visitors' survey, asking to be contacted without a name",
    schema: surveySchema(visitorQuestions),
    form: {
      intent: "survey",
      [`q_${visitorQuestions[0]}`]: "4",
      wantsContact: "on",
      contactName: "",
      contactPhone: "12",
    },
    fields: [...visitorQuestions.slice(1).map((key) => `q_${key}`), "contactName", "contactPhone"],
    send: post(surveyAction, "/feedback/visitors", undefined, { audience: "visitors" }),
  },
  {
    name: "beneficiaries' survey, sent empty",
    schema: surveySchema(SURVEY_QUESTIONS.beneficiaries.map((question) => question.key)),
    form: { intent: "survey", comment: "" },
    fields: SURVEY_QUESTIONS.beneficiaries.map((question) => `q_${question.key}`),
    send: post(surveyAction, "/feedback/beneficiaries", undefined, { audience: "beneficiaries" }),
  },
  {
    name: "sign-in",
    schema: signInSchema,
    form: { intent: "sign-in", email: "not-an-address", password: "" },
    fields: ["email", "password"],
    send: post(loginAction, "/login"),
  },
  {
    name: "sign-up",
    schema: signUpSchema,
    form: { intent: "sign-up", fullName: "", email: "x@", password: "short" },
    fields: ["fullName", "email", "password"],
    send: post(loginAction, "/login"),
  },
  {
    name: "forgotten password",
    schema: forgotPasswordSchema,
    form: { intent: "forgot-password", email: "x@" },
    fields: ["email"],
    send: post(loginAction, "/login"),
  },
  {
    name: "new password from the e-mailed link",
    schema: resetPasswordSchema,
    form: {
      intent: "reset-password",
      token: "a-token",
      password: "Long-pass-2026",
      confirmPassword: "Other-pass-2026",
    },
    fields: ["confirmPassword"],
    send: post(loginAction, "/login"),
  },
  {
    name: "personal information",
    schema: personalInfoSchema,
    form: { intent: "update-profile", fullName: "" },
    fields: ["fullName"],
    send: post(profileAction, "/profile", () => viewer),
  },
  {
    name: "password change without the current password and a different confirmation",
    schema: changePasswordSchema,
    form: {
      intent: "change-password",
      currentPassword: "",
      newPassword: "New-pass-2026",
      confirmPassword: "Other-pass-2026",
    },
    fields: ["currentPassword", "confirmPassword"],
    send: post(profileAction, "/profile", () => viewer),
  },
  {
    name: "category",
    schema: categoryFormSchema,
    form: { intent: "create", name: "", slug: "x".repeat(201) },
    fields: ["name", "slug"],
    send: post(categoriesAction, "/admin/dashboard/categories", asAdmin),
  },
  {
    name: "contact details in the settings",
    schema: contactInfoSchema,
    form: { intent: "update-contact-info", phone: "abc", email: "x@", address: "" },
    fields: ["phone", "email", "address"],
    send: post(settingsAction, "/admin/dashboard/settings", asAdmin),
  },
  {
    name: "post",
    schema: postFormSchema,
    form: { title: "", slug: "", content: "", status: "nonsense" },
    fields: ["title", "slug", "content", "status"],
    send: post(postAction, "/admin/dashboard/posts/new", asAdmin),
  },
  {
    name: "video",
    schema: videoFormSchema,
    form: { title: "", youtubeId: "", status: "nonsense" },
    fields: ["title", "youtubeId", "status"],
    send: post(videoAction, "/admin/dashboard/videos/new", asAdmin),
  },
  {
    name: "new image without its file",
    schema: imageFormSchema({ hasSavedImage: false }),
    form: { title: "", description: "" },
    fields: ["title", "image"],
    send: post(imageAction, "/admin/dashboard/images/new", asAdmin),
  },
];

async function expectOneRound({ schema, form, fields, send }: FormCase) {
  const inBrowser = browserErrors(schema, form);
  const result = await send(form);
  expect(statusOf(result)).toBe(400);
  const fromServer = replyErrorsOf(result);
  expect(Object.keys(inBrowser).sort()).toEqual([...fields].sort());
  expect(inBrowser).toEqual(fromServer);
}

describe("the browser and the server list the same errors, all in one round", () => {
  test(SETUP.name, () => expectOneRound(SETUP));

  describe("with accounts", () => {
    beforeAll(async () => {
      [admin, viewer] = await Promise.all([createUser("admin"), createUser("viewer")]);
    });
    for (const formCase of CASES) test(formCase.name, () => expectOneRound(formCase));
  });
});
