/** What checking a password-reset link found (spec §2.3). */
export type ResetLink =
  | { status: "valid"; token: string }
  | {
      status: "invalid" | "unavailable";
      message: string;
      redirect?: { to: string; afterMs: number };
    };
