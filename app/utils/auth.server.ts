import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { getSiteUrlSetting, isRegistrationAllowed } from "~/models/site-settings.server";
import * as schema from "../../database/schema";
import { db } from "./db.server";
import { getEnv, getSiteUrl } from "./env.server";
import { sendMail } from "./mailer.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "./password-rules";

export const REGISTRATION_CLOSED = "التسجيل مغلق حالياً، تواصل مع إدارة الجمعية";

/** Paths of better-auth endpoints that receive a new password in `body[field]`. */
const PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

function createAuth() {
  const env = getEnv();
  const siteUrl = getSiteUrl();
  return betterAuth({
    appName: "رفق",
    baseURL: siteUrl,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        rateLimits: schema.rateLimits,
      },
    }),
    user: {
      modelName: "users",
      fields: { name: "fullName", image: "avatarUrl" },
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
      },
    },
    session: { modelName: "sessions" },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        const base = (await getSiteUrlSetting()) ?? siteUrl;
        const link = `${base}/auth?reset=true&token=${encodeURIComponent(token)}`;
        await sendMail({
          to: user.email,
          subject: "إعادة تعيين كلمة المرور — جمعية رفق",
          text: `مرحباً ${user.name || ""}،\n\nطلبت إعادة تعيين كلمة المرور. افتح الرابط التالي خلال ساعة:\n${link}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }) {
        await sendMail({
          to: user.email,
          subject: "تأكيد البريد الإلكتروني — جمعية رفق",
          text: `مرحباً ${user.name || ""}،\n\nلتفعيل حسابك افتح الرابط التالي:\n${url}\n\nإن لم تنشئ حساباً فتجاهل هذه الرسالة.`,
        });
      },
    },
    rateLimit: {
      enabled: env.NODE_ENV !== "test" || process.env.RIFQ_RATE_LIMIT === "on",
      storage: "database",
      modelName: "rateLimits",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email" && !(await isRegistrationAllowed())) {
          throw new APIError("FORBIDDEN", { message: REGISTRATION_CLOSED });
        }
        const field = PASSWORD_FIELDS[ctx.path];
        const password = field ? ctx.body?.[field] : undefined;
        if (typeof password === "string") {
          const problem = passwordProblem(password);
          if (problem) throw new APIError("BAD_REQUEST", { message: problem });
        }
      }),
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
const globalStore = globalThis as typeof globalThis & { __rifqAuth?: Auth };

export function getAuth(): Auth {
  globalStore.__rifqAuth ??= createAuth();
  return globalStore.__rifqAuth;
}
