import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getIP } from "better-auth/api";
import {
  consumeRateLimit,
  isRateLimitingEnabled,
  type RateLimitRule,
} from "~/models/rate-limits.server";
import { getSiteUrlSetting, isRegistrationAllowed } from "~/models/site-settings.server";
import * as schema from "../../database/schema";
import { TOO_MANY_ATTEMPTS } from "./auth-errors.server";
import { db } from "./db.server";
import { getEnv, getSiteUrl } from "./env.server";
import { logger } from "./logger.server";
import { sendMail } from "./mailer.server";
import {
  NEW_PASSWORD_TOO_SHORT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from "./password-rules";

export const REGISTRATION_CLOSED = "التسجيل مغلق حالياً، تواصل مع إدارة الجمعية";

/** Paths of better-auth endpoints that receive a new password in `body[field]`. */
const PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/**
 * Attempts a minute per e-mail address and per client (IP) on the endpoints worth hammering.
 * better-auth's own limiter runs only inside its HTTP handler, not when our actions call
 * `auth.api.*`; this check runs in the `before` hook, so it covers both ways in.
 */
export const ABUSE_LIMITS: Record<string, { perEmail?: RateLimitRule; perClient: RateLimitRule }> =
  {
    "/sign-in/email": { perEmail: { max: 10, window: 60 }, perClient: { max: 30, window: 60 } },
    "/sign-up/email": { perEmail: { max: 5, window: 60 }, perClient: { max: 10, window: 60 } },
    "/request-password-reset": {
      perEmail: { max: 3, window: 60 },
      perClient: { max: 10, window: 60 },
    },
    // Guessing the current password with a stolen session.
    "/change-password": { perClient: { max: 10, window: 60 } },
  };

/** Throws 429 with the Arabic message when this attempt goes over a limit. */
async function enforceAbuseLimits(path: string, email: unknown, ip: string | null): Promise<void> {
  const limits = ABUSE_LIMITS[path];
  if (!limits || !isRateLimitingEnabled()) return;
  const checks: Promise<{ allowed: boolean; retryAfterSeconds: number }>[] = [];
  if (limits.perEmail && typeof email === "string" && email.trim()) {
    checks.push(consumeRateLimit(`${path}|email|${email.trim().toLowerCase()}`, limits.perEmail));
  }
  // Without a trustworthy client address (no proxy header in production) only the e-mail counts.
  if (ip) checks.push(consumeRateLimit(`${path}|ip|${ip}`, limits.perClient));
  const refused = (await Promise.all(checks)).filter((check) => !check.allowed);
  if (refused.length) {
    const retryAfter = Math.max(...refused.map((check) => check.retryAfterSeconds));
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: TOO_MANY_ATTEMPTS },
      { "Retry-After": String(retryAfter) },
    );
  }
}

const resetMailAttempt = new AsyncLocalStorage<{ failure?: unknown }>();

/**
 * Asks better-auth to e-mail a reset link. The answer is the same whether or not the address
 * has an account; only a failed send of an existing account's e-mail throws.
 */
export async function requestPasswordResetEmail(email: string, headers: Headers) {
  const attempt: { failure?: unknown } = {};
  await resetMailAttempt.run(attempt, () =>
    getAuth().api.requestPasswordReset({ body: { email }, headers }),
  );
  if (attempt.failure) throw attempt.failure;
}

function createAuth() {
  const env = getEnv();
  const siteUrl = getSiteUrl();
  return betterAuth({
    appName: "رفق",
    baseURL: siteUrl,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [siteUrl],
    // Through our logger (pino, with its redaction), not better-auth's console output.
    // ("info": at "warn" or "error" better-auth also prints refused requests to the console.)
    logger: {
      level: "info",
      log: (level, message, ...args) => logger[level]({ details: args }, `better-auth: ${message}`),
    },
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
        try {
          await sendMail({
            to: user.email,
            subject: "إعادة تعيين كلمة المرور — جمعية رفق",
            text: `مرحباً ${user.name || ""}،\n\nطلبت إعادة تعيين كلمة المرور. افتح الرابط التالي خلال ساعة:\n${link}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.`,
          });
        } catch (error) {
          // better-auth swallows a failed send; tell requestPasswordResetEmail() instead.
          const attempt = resetMailAttempt.getStore();
          if (attempt) attempt.failure = error;
          throw error;
        }
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
      enabled: isRateLimitingEnabled(),
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
        const client = ctx.request ?? ctx.headers;
        await enforceAbuseLimits(
          ctx.path,
          ctx.body?.email,
          client ? getIP(client, ctx.context.options) : null,
        );
        if (ctx.path === "/sign-up/email" && !(await isRegistrationAllowed())) {
          throw new APIError("FORBIDDEN", { message: REGISTRATION_CLOSED });
        }
        const field = PASSWORD_FIELDS[ctx.path];
        const password = field ? ctx.body?.[field] : undefined;
        if (typeof password === "string") {
          const problem = passwordProblem(password);
          if (problem) {
            // On the change-password endpoint the field is the new one (spec §5's schema wording).
            const message =
              ctx.path === "/change-password" && problem === PASSWORD_TOO_SHORT
                ? NEW_PASSWORD_TOO_SHORT
                : problem;
            throw new APIError("BAD_REQUEST", { message });
          }
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
