import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, expect } from "vitest";
import { hasForbiddenCharacter } from "~/utils/form-data.server";
import type { TestUser } from "./accounts";
import { call, dataOf, statusOf } from "./route-calls";

/**
 * Fuzzing the form actions (docs/decisions/021): arbitrary submissions of every shape a
 * browser, a script or an attacker can send, each answered as React Router would answer it.
 * The property of every action: the answer is 2xx, 3xx or 4xx (a thrown Response counts by its
 * status; anything else thrown is a crash, a 500), a refusal speaks Arabic, and the rows it
 * leaves behind still pass the form's own schema.
 */

/**
 * Runs per form action: 1,000 by default, the bar every form action must pass in CI (about
 * 3 min for all the fuzz files on this 2-core machine); FUZZ_RUNS=100 for a quick local run
 * (docs/decisions/021).
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** A generous bound for one fuzzed test. */
export const FUZZ_TIMEOUT = Math.max(120_000, FUZZ_RUNS * 600);

const BASE = "http://localhost:3000";
const ARABIC = /\p{Script=Arabic}/u;

const arabicLetters = fc.constantFrom(..."ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإؤئةى ًٌٍَُِّْـ،؟٠١٢٣٤٥٦٧٨٩");

/** Arabic text as a person types it (letters, marks, spaces, Arabic digits and punctuation). */
export const arabicText = (minLength: number, maxLength: number) =>
  fc.string({ unit: arabicLetters, minLength, maxLength });

/** Strings that have broken forms before: control characters, lone surrogates, line breaks. */
const awkward = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\r\n",
  "سطر\r\nسطر",
  "\t",
  "\u0007",
  "\u001b[31m",
  "\uD800",
  "x\uDC00",
  "\uFFFD",
  "\uFFFE",
  "\u202E",
  "on",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "0",
  "-1",
  "1e309",
  "%00",
  "%FF",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "😀👵🏽",
  "https://example.com",
  "javascript:alert(1)",
);

/** Very long values: just over each bound we set, and far over. */
const huge = fc
  .constantFrom(61, 101, 201, 255, 501, 1001, 2001, 20_001, 50_001, 300_000)
  .chain((length) => fc.constantFrom("ب".repeat(length), "x".repeat(length)));

/** Any string a field might carry. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: arabicLetters, minLength: 1, maxLength: 60 }) },
  { weight: 3, arbitrary: awkward },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.uuid().map(String) },
);

/** Any value a field might carry: mostly text, sometimes a file. */
const nastyValue: fc.Arbitrary<string | File> = fc.oneof(
  { weight: 9, arbitrary: nastyString },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.uint8Array({ maxLength: 64 }), fc.string({ maxLength: 12 }), fc.string())
      .map(([bytes, name, type]) => new File([bytes], name, { type })),
  },
);

export type Entries = [string, string | File][];

/**
 * Field lists built around a form: two in five are plausible forms (every known field with a
 * plausible value, so the action also succeeds now and then); the rest mix in nasty values and
 * extra entries with known or unknown names (so duplicated keys, arrays where one value is
 * expected); some are plausible forms with one field repeated, array- or object-shaped, or missing.
 */
export function entries(
  plausible: Record<string, fc.Arbitrary<string | File>>,
): fc.Arbitrary<Entries> {
  const names = Object.keys(plausible);
  const form = (value: (name: string) => fc.Arbitrary<string | File>, every: boolean) =>
    fc
      .record(Object.fromEntries(names.map((name) => [name, value(name)])), {
        requiredKeys: every ? names : [],
      })
      .map((fields) => Object.entries(fields) as Entries);
  // Every field is sent, as a browser sends a form; "" among the plausible values is "empty".
  const plausibleForm = form((name) => plausible[name], true);
  const mixedForm = form(
    (name) =>
      fc.oneof({ weight: 3, arbitrary: plausible[name] }, { weight: 1, arbitrary: nastyValue }),
    false,
  );
  const extra = fc.array(
    fc.tuple(
      names.length ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })) : fc.string(),
      nastyValue,
    ),
    { minLength: 1, maxLength: 4 },
  );
  // A plausible form with one field sent twice, in a list's or an object's shape, or left out.
  const misshapenForm = fc
    .tuple(plausibleForm, fc.nat(), fc.constantFrom("twice", "[0]", "[]", ".x", "missing"))
    .map(([fields, at, how]): Entries => {
      if (fields.length === 0) return fields;
      const index = at % fields.length;
      const [name, value] = fields[index];
      const rest = fields.filter((_, i) => i !== index);
      if (how === "missing") return rest;
      if (how === "twice") return [...fields, [name, value]];
      return [...rest, [`${name}${how}`, value]];
    });
  return fc.oneof(
    { weight: 2, arbitrary: plausibleForm },
    misshapenForm,
    mixedForm,
    fc.tuple(mixedForm, extra).map(([fields, more]) => [...fields, ...more]),
  );
}

/** One submission: how its body is put together. */
export type Submission =
  | { kind: "urlencoded"; entries: Entries }
  | { kind: "multipart"; entries: Entries }
  | { kind: "truncated-multipart"; entries: Entries; keep: number }
  | { kind: "json"; entries: Entries; contentType: string }
  | { kind: "raw"; bytes: Uint8Array<ArrayBuffer>; contentType: string | null };

const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=latin1",
  "multipart/form-data",
  "multipart/form-data; boundary=----x",
  "application/json",
  "text/plain",
  "text/html",
  "application/octet-stream",
  "image/png",
  "",
  "multipart/mixed; boundary=a",
  "ÿþ/;;boundary=",
];

/** Every kind of body, for a form of the given plausible fields. */
export function submissions(
  plausible: Record<string, fc.Arbitrary<string | File>>,
): fc.Arbitrary<Submission> {
  const fields = entries(plausible);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fields.map((list) => ({ kind: "urlencoded" as const, entries: list })),
    },
    { weight: 4, arbitrary: fields.map((list) => ({ kind: "multipart" as const, entries: list })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.double({ min: 0, max: 1, noNaN: true }))
        .map(([list, keep]) => ({ kind: "truncated-multipart" as const, entries: list, keep })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.constantFrom("application/json", "application/x-www-form-urlencoded"))
        .map(([list, contentType]) => ({ kind: "json" as const, entries: list, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.uint8Array({ maxLength: 300 }),
            fc.string().map((s) => Buffer.from(s)),
          ),
          fc.option(fc.constantFrom(...CONTENT_TYPES)),
        )
        .map(([bytes, contentType]) => ({
          kind: "raw" as const,
          bytes: new Uint8Array(bytes),
          contentType,
        })),
    },
  );
}

function formDataOf(list: Entries, textOnly = false): FormData {
  const form = new FormData();
  for (const [name, value] of list) {
    form.append(name, textOnly && typeof value !== "string" ? value.name : value);
  }
  return form;
}

/** The request a browser (or a script) signed in as `user` would send. */
export async function requestFor(
  user: Pick<TestUser, "cookie"> | null,
  pathname: string,
  submission: Submission,
): Promise<Request> {
  const headers = new Headers({ origin: BASE });
  if (user) headers.set("cookie", user.cookie);
  let body: BodyInit;
  switch (submission.kind) {
    case "urlencoded": {
      const params = new URLSearchParams();
      for (const [name, value] of submission.entries) {
        params.append(name, typeof value === "string" ? value : value.name);
      }
      body = params;
      break;
    }
    case "multipart":
      body = formDataOf(submission.entries);
      break;
    case "truncated-multipart": {
      const whole = new Request(BASE, { method: "POST", body: formDataOf(submission.entries) });
      const bytes = new Uint8Array(await whole.arrayBuffer());
      headers.set("content-type", whole.headers.get("content-type") ?? "");
      body = bytes.slice(0, Math.floor(bytes.length * submission.keep));
      break;
    }
    case "json":
      headers.set("content-type", submission.contentType);
      body = JSON.stringify(
        Object.fromEntries(
          submission.entries.map(([name, value]) => [name, typeof value === "string" ? value : {}]),
        ),
      );
      break;
    case "raw":
      if (submission.contentType !== null) headers.set("content-type", submission.contentType);
      body = submission.bytes;
      break;
  }
  return new Request(`${BASE}${pathname}`, { method: "POST", headers, body });
}

/** Every message a refusal carries (`error`, `formErrors`, `message` anywhere in the answer). */
function messagesIn(value: unknown, key = ""): string[] {
  if (typeof value === "string") {
    return ["error", "message", "formErrors", "description"].includes(key) ? [value] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item) => messagesIn(item, key));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([name, item]) =>
      name === "initialValue" || name === "state"
        ? []
        : messagesIn(item, name === "error" ? "error" : name),
    );
  }
  return [];
}

/** How often each status was answered in this file; FUZZ_STATS=1 prints it. */
const statusCounts = new Map<number, number>();
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  const counts = [...statusCounts].sort(([a], [b]) => a - b);
  console.log(`statuses: ${counts.map(([status, n]) => `${status}×${n}`).join(", ")}`);
});

export interface Answer {
  status: number;
  result: unknown;
}

/**
 * Calls `action` with `request` as React Router would and checks the answer is not a crash:
 * 2xx, 3xx or 4xx, and every message of a 4xx in Arabic.
 */
export async function answerOf(
  action: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Answer> {
  const result = await call(action, request, params);
  if (result instanceof Error) throw result;
  const status = statusOf(result);
  statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
  if (status >= 500) {
    throw new Error(`answered ${status}: ${JSON.stringify(dataOf(result)).slice(0, 500)}`);
  }
  if (status >= 400) {
    const messages =
      result instanceof Response ? [await result.clone().text()] : messagesIn(dataOf(result));
    for (const message of messages) {
      if (message) expect(message, `a ${status} answer's message`).toMatch(ARABIC);
    }
  }
  return { status, result };
}

/** A stored text is one PostgreSQL and XML can carry and that a person could have typed. */
export function expectStorableText(value: string | null | undefined, what: string) {
  if (value == null) return;
  expect(hasForbiddenCharacter(value), `${what} has a forbidden character`).toBe(false);
}

export interface Target {
  path: string;
  params?: Record<string, string>;
}

export interface FuzzedAction {
  action: (args: never) => unknown;
  /** Who sends the requests (null: a signed-out visitor), or one of several. */
  user: Pick<TestUser, "cookie"> | null | fc.Arbitrary<Pick<TestUser, "cookie"> | null>;
  /** Where they are sent: one place, or several (an existing id, a missing one…). */
  target: Target | fc.Arbitrary<Target>;
  /** The form's fields and values a person could send. */
  plausible: Record<string, fc.Arbitrary<string | File>>;
  /** What a refused request must leave exactly as it was (row counts, a row, stored files). */
  state: () => Promise<unknown>;
  /** Checks what an accepted request wrote since `since`. */
  expectValid?: (since: Date) => Promise<void>;
}

/**
 * Fuzzes one action FUZZ_RUNS times: never a crash, Arabic refusals, nothing written on a
 * refusal, and what an accepted request wrote passes `expectValid`.
 */
export async function fuzzAction({
  action,
  user,
  target,
  plausible,
  state,
  expectValid,
}: FuzzedAction) {
  const targets = target instanceof fc.Arbitrary ? target : fc.constant(target);
  const senders = user instanceof fc.Arbitrary ? user : fc.constant(user);
  await fc.assert(
    fc.asyncProperty(submissions(plausible), targets, senders, async (submission, to, sender) => {
      const { path, params } = to;
      const before = await state();
      const since = new Date(Date.now() - 1);
      const request = await requestFor(sender, path, submission);
      const { status } = await answerOf(action, request, params);
      if (status >= 400) expect(await state()).toEqual(before);
      else await expectValid?.(since);
    }),
    { numRuns: FUZZ_RUNS },
  );
}

export { fc };

/** The staff edit form of `kind` for row `id`, and for rows that do not exist. */
export const editTargets = (kind: "posts" | "videos" | "images", id: string) =>
  fc
    .constantFrom(id, id, randomUUID(), "x")
    .map((target) => ({ path: `/admin/dashboard/${kind}/${target}/edit`, params: { id: target } }));
