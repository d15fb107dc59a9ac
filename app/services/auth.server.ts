import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getIP, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { authDatabaseAdapter, keepOnlyResetToken } from "~/models/auth-store.server";
import {
  type BackoffRule,
  clearBackoff,
  consumeBackoffAttempt,
  consumeMailToAddress,
  consumeRateLimit,
  isRateLimitingEnabled,
  type RateLimitRule,
} from "~/models/rate-limits.server";
import { getSiteUrlSetting, isRegistrationAllowed } from "~/models/site-settings.server";
import {
  NEW_PASSWORD_TOO_SHORT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from "~/shared/password-rules";
import { tooManyAttempts } from "../utils/auth-errors.server";
import { getEnv, getSiteUrl } from "../utils/env.server";
import { logger } from "../utils/logger.server";
import { sendMail } from "../utils/mailer.server";

export const REGISTRATION_CLOSED = "التسجيل مغلق حالياً، تواصل مع إدارة الجمعية";

/** The name authenticator apps show beside the account. */
export const TWO_FACTOR_ISSUER = "جمعية رفق";

/** Where better-auth's HTTP endpoints live (most of them closed: see handleAuthHttpRequest). */
const BASE_PATH = "/api/auth";

/** Paths of better-auth endpoints that receive a new password in `body[field]`. */
const PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/**
 * Attempts per e-mail address and per client (IP) on the endpoints worth hammering.
 * better-auth's own limiter runs only inside its HTTP handler, not when our actions call
 * `auth.api.*`; this check runs in the `before` hook, so it covers every way in.
 * Sign-in's per-address ceiling is loose on purpose: someone guessing from many addresses must
 * not lock the owner out for long. The close limit is `SIGN_IN_BACKOFF`, per client and address.
 */
export const ABUSE_LIMITS: Record<string, { perEmail?: RateLimitRule; perClient: RateLimitRule }> =
  {
    "/sign-in/email": {
      perEmail: { max: 50, window: 15 * 60 },
      perClient: { max: 30, window: 60 },
    },
    "/sign-up/email": { perEmail: { max: 5, window: 60 }, perClient: { max: 10, window: 60 } },
    "/request-password-reset": {
      perEmail: { max: 3, window: 60 },
      perClient: { max: 10, window: 60 },
    },
    // Guessing the current password with a stolen session.
    "/change-password": { perClient: { max: 10, window: 60 } },
    "/two-factor/enable": { perClient: { max: 10, window: 60 } },
    "/two-factor/disable": { perClient: { max: 10, window: 60 } },
    "/two-factor/generate-backup-codes": { perClient: { max: 10, window: 60 } },
    // Second step of sign-in. better-auth also allows 5 codes per sign-in and locks the
    // account's second step for 15 minutes after 10 wrong codes in a row.
    "/two-factor/verify-totp": { perClient: { max: 10, window: 60 } },
    "/two-factor/verify-backup-code": { perClient: { max: 10, window: 60 } },
  };

/**
 * Password sign-in from one client for one address: five attempts at once, then a wait that
 * doubles from 15 seconds up to 15 minutes; a successful sign-in starts afresh.
 */
export const SIGN_IN_BACKOFF: BackoffRule = { free: 5, baseDelay: 15, maxDelay: 15 * 60 };

const normalisedEmail = (email: unknown) =>
  typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;

const signInBackoffKey = (email: string, ip: string | null) =>
  `sign-in|${ip ?? "unknown"}|${email}`;

/** Throws 429 with the Arabic message and the wait when this attempt goes over a limit. */
async function enforceAbuseLimits(path: string, rawEmail: unknown, ip: string | null) {
  const limits = ABUSE_LIMITS[path];
  if (!limits || !isRateLimitingEnabled()) return;
  const email = normalisedEmail(rawEmail);
  const checks: Promise<{ allowed: boolean; retryAfterSeconds: number }>[] = [];
  if (limits.perEmail && email) {
    checks.push(consumeRateLimit(`${path}|email|${email}`, limits.perEmail));
  }
  // Without a trustworthy client address (no proxy header in production) only the e-mail counts.
  if (ip) checks.push(consumeRateLimit(`${path}|ip|${ip}`, limits.perClient));
  const refused = (await Promise.all(checks)).filter((check) => !check.allowed);
  // Counted last, so that an attempt refused above does not lengthen the wait.
  if (!refused.length && path === "/sign-in/email" && email) {
    const backoff = await consumeBackoffAttempt(signInBackoffKey(email, ip), SIGN_IN_BACKOFF);
    if (!backoff.allowed) refused.push(backoff);
  }
  if (refused.length) {
    const retryAfter = Math.max(...refused.map((check) => check.retryAfterSeconds));
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: tooManyAttempts(retryAfter) },
      { "Retry-After": String(retryAfter) },
    );
  }
}

/** After a password proved right (sign-in, reset link): that client's waits start afresh. */
export async function forgetFailedSignIns(email: unknown, client: Request | Headers | undefined) {
  const address = normalisedEmail(email);
  const ip = client ? getIP(client, getAuth().options) : null;
  if (address) await clearBackoff(signInBackoffKey(address, ip));
}

/** The client's address as the rate limits see it (Express's `req.ip`, see server/app.ts). */
export function clientAddress(request: Request): string | null {
  return getIP(request, getAuth().options);
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

/**
 * How long a session lives (seconds), and after how long a used session is extended: better-auth's
 * defaults, named because `getActor` applies the same rules to the sessions it reads itself.
 */
export const SESSION_LIFETIME = { expiresIn: 7 * 24 * 60 * 60, updateAge: 24 * 60 * 60 };

function createAuth() {
  const env = getEnv();
  const siteUrl = getSiteUrl();
  return betterAuth({
    appName: "رفق",
    baseURL: siteUrl,
    basePath: BASE_PATH,
    secret: env.AUTH_SECRET,
    trustedOrigins: [siteUrl],
    // Through our logger (pino, with its redaction), not better-auth's console output.
    // ("info": at "warn" or "error" better-auth also prints refused requests to the console.)
    logger: {
      level: "info",
      // Its warnings are people's mistakes (a wrong password, an unknown address): information.
      log: (level, message, ...args) =>
        logger[level === "warn" ? "info" : level]({ details: args }, `better-auth: ${message}`),
    },
    database: authDatabaseAdapter(),
    user: {
      modelName: "users",
      fields: { name: "fullName", image: "avatarUrl" },
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
      },
    },
    session: { modelName: "sessions", ...SESSION_LIFETIME },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async onPasswordReset({ user }) {
        await keepOnlyResetToken(user.id, null);
      },
      async sendResetPassword({ user, token }) {
        // Over the address's mails for the day (docs/decisions/066): the earlier links stay.
        if (!(await consumeMailToAddress(user.email))) return;
        await keepOnlyResetToken(user.id, token);
        const base = (await getSiteUrlSetting()) ?? siteUrl;
        const link = `${base}/auth?reset=true&token=${encodeURIComponent(token)}`;
        try {
          await sendMail({
            to: user.email,
            subject: "إعادة تعيين كلمة المرور — جمعية رفق",
            // No name: an unconfirmed account's name was typed by whoever signed up.
            text: `مرحباً،\n\nطلبت إعادة تعيين كلمة المرور. افتح الرابط التالي خلال ساعة:\n${link}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.`,
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
      // No name in the message: anyone can sign up with any name and someone else's address.
      async sendVerificationEmail({ user, url }) {
        if (!(await consumeMailToAddress(user.email))) return;
        await sendMail({
          to: user.email,
          subject: "تأكيد البريد الإلكتروني — جمعية رفق",
          text: `مرحباً،\n\nلتفعيل حسابك افتح الرابط التالي:\n${url}\n\nإن لم تنشئ حساباً فتجاهل هذه الرسالة.`,
        });
      },
    },
    rateLimit: {
      enabled: isRateLimitingEnabled(),
      storage: "database",
      modelName: "rateLimits",
      // Only for what stays reachable over HTTP (the confirmation link); ABUSE_LIMITS do the rest.
      window: 60,
      max: 100,
    },
    plugins: [
      // Authenticator-app codes for staff (docs/decisions/019); only our actions call it.
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        schema: { twoFactor: { modelName: "twoFactors" } },
      }),
    ],
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
      after: createAuthMiddleware(async (ctx) => {
        // A right password (even one still waiting for its two-factor code) starts afresh.
        if (ctx.path === "/sign-in/email" && !isAPIError(ctx.context.returned)) {
          await forgetFailedSignIns(ctx.body?.email, ctx.request ?? ctx.headers);
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

/** The better-auth endpoints reachable over HTTP: only what the product's pages link to. */
const HTTP_ENDPOINTS = new Set([
  // The link in the confirmation e-mail.
  "GET /verify-email",
]);
/**
 * `/api/auth/*`: everything else better-auth offers (update-user, list-sessions, its own sign-in…)
 * answers 404. Accounts change only through our actions, with our schemas and rules.
 */
export async function handleAuthHttpRequest(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const path = pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length) : "";
  if (!HTTP_ENDPOINTS.has(`${request.method} ${path}`)) {
    return new Response("الصفحة غير موجودة", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return getAuth().handler(request);
}

/** Whether this browser is between the password and the code of a two-factor sign-in. */
export async function hasTwoFactorChallenge(headers: Headers): Promise<boolean> {
  const { name } = (await getAuth().$context).createAuthCookie("two_factor");
  const cookies = (headers.get("cookie") ?? "").split(";").map((pair) => pair.trim());
  return cookies.some((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);
}
