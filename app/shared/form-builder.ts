/**
 * The vocabulary of forms built by staff and of the requests that follow them up (issue 36),
 * shared by the schema, the builder, the public form, the requests inbox and privacy tools.
 * A form's fields are stored as one ordered list (`forms.fields`); an answer stores its values
 * by field key.
 */

export const builtFormStatuses = ["draft", "open", "closed"] as const;
export type BuiltFormStatus = (typeof builtFormStatuses)[number];

export const formFieldKinds = [
  "short_text",
  "long_text",
  "number",
  "mobile",
  "email",
  "date",
  "single_choice",
  "multi_choice",
  "yes_no",
  "file",
  "consent",
  /** A heading and help paragraph between fields: asks nothing. */
  "section",
] as const;
export type FormFieldKind = (typeof formFieldKinds)[number];

export const formFileKinds = ["pdf", "image", "pdf_or_image"] as const;
export type FormFileKind = (typeof formFileKinds)[number];

type FieldBase = {
  /** Stable within its form: the answer's key and the input's name (a-z, 0-9, _). */
  key: string;
  label: string;
  help?: string;
  required: boolean;
};

export type FormField =
  | (FieldBase & { kind: "short_text" | "long_text"; maxLength: number })
  | (FieldBase & { kind: "number"; min?: number; max?: number })
  | (FieldBase & { kind: "mobile" | "email" | "yes_no" })
  | (FieldBase & { kind: "date"; notBefore?: string; notAfter?: string })
  | (FieldBase & { kind: "single_choice" | "multi_choice"; options: string[] })
  | (FieldBase & { kind: "file"; accept: FormFileKind; maxMb: number })
  | (FieldBase & { kind: "consent"; text: string })
  | (FieldBase & { kind: "section" });

/** What one answer stores: a field's key → its value (a file field holds its file's id). */
export type FormAnswerValues = Record<string, string | number | boolean | string[] | null>;

/**
 * A request's states. received → in_review → scheduled → done / declined; the person may
 * withdraw it from their follow-up page while it is not finished.
 */
export const requestStates = [
  "received",
  "in_review",
  "scheduled",
  "done",
  "declined",
  "withdrawn",
] as const;
export type RequestState = (typeof requestStates)[number];

/** What happened to a request, one row each (its history). `note` rows are never shown to the person. */
export const requestEventKinds = [
  "created",
  "state",
  "assigned",
  "due",
  "note",
  "withdrawn",
] as const;
export type RequestEventKind = (typeof requestEventKinds)[number];

/** A built form's own address (docs/decisions/071). */
export const builtFormPath = (slug: string) => `/forms/${encodeURIComponent(slug)}`;

/** «ط-2026-000123»: ط for طلب, the year, and the year's running number. */
export const requestReference = (year: number, number: number) =>
  `ط-${year}-${String(number).padStart(6, "0")}`;

/** A request's private follow-up page (its signed token: app/utils/signed-tokens.server.ts). */
export const REQUEST_FOLLOW_UP_PATH = "/requests/follow-up";
export const requestFollowUpPath = (token: string) =>
  `${REQUEST_FOLLOW_UP_PATH}?token=${encodeURIComponent(token)}`;
