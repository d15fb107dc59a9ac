import { symmetricDecrypt } from "better-auth/crypto";
import { redirect } from "react-router";
import {
  findTwoFactorSecret,
  forgetUnconfirmedTwoFactorSetup,
  isTwoFactorEnabled,
  markRecoveryCodesToShow,
  takeRecoveryCodesMarker,
} from "~/models/two-factor-records.server";
import { getAuth, TWO_FACTOR_ISSUER } from "~/services/auth.server";
import { TWO_FACTOR_SETUP_PATH } from "~/shared/auth-schemas";
import { ConflictError, ForbiddenError } from "~/shared/domain-errors";
import { type Actor, assertRole } from "~/shared/roles";
import { getEnv } from "~/utils/env.server";

/** An unconfirmed set-up (QR code shown, no code typed yet) is shown again only this long. */
const PENDING_SETUP_MS = 15 * 60 * 1000;

export const TWO_FACTOR_SETUP_EXPIRED = "انتهت مهلة الإعداد، ابدأ من جديد بإدخال كلمة المرور";
export const TWO_FACTOR_REQUIRED_FOR_ADMINS =
  "التحقق بخطوتين إلزامي لحسابات المديرين في هذا الموقع";

/** What the authenticator app needs: a QR code (an SVG data URL) and the key to type instead. */
export interface TwoFactorSetup {
  qrCode: string;
  manualKey: string;
}

export type TwoFactorState =
  | { status: "off" }
  | { status: "pending"; setup: TwoFactorSetup }
  | { status: "on" };

/** ADMIN_TWO_FACTOR=required makes it compulsory for administrators (editors may choose). */
export function isTwoFactorRequired(actor: Pick<Actor, "role">): boolean {
  return getEnv().ADMIN_TWO_FACTOR === "required" && actor.role === "admin";
}

/** Whether `actor` has what the site requires of them to act as staff (two-factor sign-in). */
export async function passesStaffTwoFactor(actor: Actor): Promise<boolean> {
  return !isTwoFactorRequired(actor) || isTwoFactorEnabled(actor.id);
}

/**
 * The staff area's gate: with ADMIN_TWO_FACTOR=required, an administrator without two-factor
 * sign-in is sent to set it up before anything else. `requireRole` and `getStaffActor`
 * (permissions.server.ts) call it; it returns the actor unchanged when all is well.
 */
export async function requireStaffTwoFactor(actor: Actor): Promise<Actor> {
  if (!(await passesStaffTwoFactor(actor))) throw redirect(TWO_FACTOR_SETUP_PATH);
  return actor;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: how authenticator apps take a key. */
function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The QR code and typed key for a secret (better-auth uses the secret's UTF-8 bytes as the key). */
async function setupFor(secret: string, email: string): Promise<TwoFactorSetup> {
  const key = base32(new TextEncoder().encode(secret));
  const label = `${encodeURIComponent(TWO_FACTOR_ISSUER)}:${encodeURIComponent(email)}`;
  const query = new URLSearchParams({
    secret: key,
    issuer: TWO_FACTOR_ISSUER,
    digits: "6",
    period: "30",
  });
  // Loaded when someone sets up two-factor sign-in, not at start (decision 059).
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(`otpauth://totp/${label}?${query}`, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return {
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    manualKey: key.match(/.{1,4}/g)?.join(" ") ?? key,
  };
}

const isFreshPending = (row: { verified: boolean | null; createdAt: Date }) =>
  row.verified === false && row.createdAt.getTime() > Date.now() - PENDING_SETUP_MS;

/** Off, on, or set up but not yet confirmed (then with what the app needs, while recent). */
export async function getTwoFactorState(actor: Actor | null): Promise<TwoFactorState> {
  const self = assertRole(actor, "editor");
  const row = await findTwoFactorSecret(self.id);
  if (row && row.verified !== false && (await isTwoFactorEnabled(self.id))) return { status: "on" };
  if (!row || !isFreshPending(row)) return { status: "off" };
  const ctx = await getAuth().$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
  return { status: "pending", setup: await setupFor(secret, self.email) };
}

/**
 * Step 1 (needs the password): a new secret, not in force until a code from the app confirms it.
 * A set-up left unconfirmed is replaced.
 */
export async function startTwoFactorSetup(actor: Actor | null, password: string, headers: Headers) {
  const self = assertRole(actor, "editor");
  await forgetUnconfirmedTwoFactorSetup(self.id);
  await getAuth().api.enableTwoFactor({ body: { password }, headers });
}

/** The pending set-up is gone (expired or replaced): start again. */
export class TwoFactorSetupExpiredError extends ConflictError {
  constructor() {
    super(TWO_FACTOR_SETUP_EXPIRED);
  }
}

/**
 * Recovery codes are shown on the page's next load, once: the steps that make them leave a
 * short-lived marker (they answer with a redirect, because they renew the session cookie and
 * the page must load with the new one), and the page consumes it.
 */
const SHOW_CODES_FOR_MS = 10 * 60 * 1000;
const showRecoveryCodesOnce = (userId: string) =>
  markRecoveryCodesToShow(userId, new Date(Date.now() + SHOW_CODES_FOR_MS));

/** The recovery codes to show now, if a step just made them; never twice. */
export async function takeRecoveryCodesToShow(actor: Actor | null): Promise<string[] | null> {
  const self = assertRole(actor, "editor");
  if (!(await takeRecoveryCodesMarker(self.id))) return null;
  const { backupCodes } = await getAuth().api.viewBackupCodes({ body: { userId: self.id } });
  return backupCodes;
}

/**
 * Step 2: a code from the app turns two-factor sign-in on. Returns the headers of the renewed
 * session cookie (better-auth replaces the session), which the answer must carry.
 */
export async function confirmTwoFactorSetup(actor: Actor | null, code: string, headers: Headers) {
  const self = assertRole(actor, "editor");
  const row = await findTwoFactorSecret(self.id);
  if (!row || !isFreshPending(row)) throw new TwoFactorSetupExpiredError();
  const verified = await getAuth().api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
  await showRecoveryCodesOnce(self.id);
  return { headers: verified.headers };
}

/** An administrator may not turn it off while it is required. */
export class TwoFactorRequiredError extends ForbiddenError {
  constructor() {
    super(TWO_FACTOR_REQUIRED_FOR_ADMINS);
  }
}

/**
 * Turns it off (needs the password); not for administrators when it is required. Returns the
 * headers of the renewed session cookie.
 */
export async function turnOffTwoFactor(actor: Actor | null, password: string, headers: Headers) {
  const self = assertRole(actor, "editor");
  if (isTwoFactorRequired(self)) throw new TwoFactorRequiredError();
  const { headers: renewed } = await getAuth().api.disableTwoFactor({
    body: { password },
    headers,
    returnHeaders: true,
  });
  return { headers: renewed };
}

/** New recovery codes (needs the password); the old ones stop working. */
export async function replaceRecoveryCodes(
  actor: Actor | null,
  password: string,
  headers: Headers,
) {
  const self = assertRole(actor, "editor");
  await getAuth().api.generateBackupCodes({ body: { password }, headers });
  await showRecoveryCodesOnce(self.id);
}
