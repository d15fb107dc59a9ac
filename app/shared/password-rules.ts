/** The spec's minimum (§9), and the server-side strength rules the spec leaves to us. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TOO_SHORT = "كلمة المرور يجب أن تكون 6 أحرف على الأقل";
export const NEW_PASSWORD_TOO_SHORT = "كلمة المرور الجديدة يجب أن تكون 6 أحرف على الأقل";
export const PASSWORD_TOO_WEAK = "كلمة المرور ضعيفة: استخدم حروفاً وأرقاماً معاً";
export const PASSWORD_TOO_COMMON = "كلمة المرور شائعة وسهلة التخمين، اختر كلمة مرور أخرى";
export const PASSWORD_TOO_LONG = "كلمة المرور طويلة جداً (128 حرفاً كحد أقصى)";

const COMMON_PASSWORDS = new Set([
  "123456",
  "1234567",
  "12345678",
  "123456789",
  "1234567890",
  "password",
  "password1",
  "qwerty",
  "qwerty123",
  "abc123",
  "111111",
  "000000",
  "123123",
  "admin123",
  "iloveyou",
  "a123456",
  "123456a",
]);

/** The first rule a password breaks, as an Arabic message, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return PASSWORD_TOO_WEAK;
  return null;
}

/** The rules in one line, shown under every field where a password is chosen. */
export const PASSWORD_HINT = "6 أحرف على الأقل، وتجمع بين الحروف والأرقام";
