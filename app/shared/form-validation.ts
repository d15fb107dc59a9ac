import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/**
 * How every form is checked in the browser (docs/decisions/046): with the schema its action
 * uses, over the whole form in one pass, when it is sent — never when the reader leaves a field.
 * A check on leaving a field showed that field's error (and the error summary) between the
 * press and the release of the submit button, so the button moved away, the click was lost
 * and the reader was told about one field, then about the rest. After a refused send, each
 * field is checked again as it is corrected.
 */
export function browserValidation<Schema extends z.ZodType>(schema: Schema) {
  return {
    onValidate: ({ formData }: { formData: FormData }) => parseForm(formData, { schema }),
    shouldValidate: "onSubmit" as const,
    shouldRevalidate: "onInput" as const,
  };
}

/**
 * The option of a check across fields (`.refine`/`.superRefine` on a form's object): zod skips
 * such checks once any field failed, so their message came in a second round. With it they run
 * anyway; the check must then cope with a field that failed (its value is what was sent, or none).
 */
export const EVEN_IF_A_FIELD_FAILED = { when: () => true };

/** Where Conform's list buttons (add, move, remove) put their intent. */
const INTENT_FIELD = "__intent__";

/** Said beside a field that arrived with several values or in a list's shape (`name[0]`). */
export const FIELD_REPEATED =
  "وصل هذا الحقل بأكثر من قيمة واحدة. يرجى تحديث الصفحة وإرسال النموذج مرة أخرى.";

/**
 * The one way every form is parsed, in the browser and in every action: Conform's
 * `parseWithZod`, after refusing a field that takes one value but was sent twice, or as a list
 * or an object (`phone[0]`, `phone.x`). Such a field would reach the schema as an array, which
 * its checks across fields (run even when a field failed) cannot read: the refusal is the
 * field's Arabic message, never a crash (docs/decisions/067).
 */
export function parseForm<Schema extends z.ZodType>(
  payload: FormData | URLSearchParams,
  { schema }: { schema: Schema },
): Submission<z.core.input<Schema>, string[], z.core.output<Schema>> {
  const misshapen = misshapenFields(payload, schema);
  if (misshapen.length === 0) return parseApplyingIntent(payload, schema);
  // The rest of the form is checked without them, so every error comes in one round (046).
  const rest = parseApplyingIntent(withoutFields(payload, misshapen), schema);
  const refused = Object.fromEntries(misshapen.map((name) => [name, [FIELD_REPEATED]]));
  return {
    status: "error",
    payload: rest.payload,
    error: { ...(rest.status === "error" ? rest.error : {}), ...refused, "": [FIELD_REPEATED] },
    reply: (options = {}) =>
      rest.reply({
        ...options,
        formErrors: [
          FIELD_REPEATED,
          ...("formErrors" in options ? (options.formErrors ?? []) : []),
        ],
        fieldErrors: { ...refused, ...("fieldErrors" in options ? options.fieldErrors : {}) },
      }),
  };
}

/**
 * Conform's parse; a list button's intent it cannot apply (forged, or naming a field that is no
 * list) is dropped and the form checked as if sent, never a crash (docs/decisions/071).
 */
function parseApplyingIntent<Schema extends z.ZodType>(
  payload: FormData | URLSearchParams,
  schema: Schema,
) {
  try {
    return parseWithZod(payload, { schema });
  } catch {
    return parseWithZod(withoutFields(payload, [INTENT_FIELD]), { schema });
  }
}

/** `payload` without the entries of `names` (and of their list or object shapes). */
function withoutFields(payload: FormData | URLSearchParams, names: string[]) {
  const rest = payload instanceof FormData ? new FormData() : new URLSearchParams();
  const dropped = (key: string) =>
    names.some((name) => key === name || key.startsWith(`${name}[`) || key.startsWith(`${name}.`));
  for (const [key, value] of payload.entries()) {
    if (!dropped(key)) rest.append(key, value as string);
  }
  return rest;
}

type Node = z.core.$ZodType;
const WRAPPERS = new Set([
  "optional",
  "nonoptional",
  "nullable",
  "default",
  "prefault",
  "catch",
  "readonly",
]);
const STRUCTURED = new Set(["object", "array", "record", "tuple", "any", "unknown", "map", "set"]);

/** The concrete schemas a value may have to pass (both sides of a union, a pipe's input…). */
function concrete(type: Node): Node[] {
  const def = type._zod.def as unknown as Record<string, Node> & { type: string };
  if (WRAPPERS.has(def.type)) return concrete(def.innerType);
  if (def.type === "pipe") {
    return def.in._zod.def.type === "transform" ? concrete(def.out) : concrete(def.in);
  }
  if (def.type === "lazy") return concrete((def as unknown as { getter: () => Node }).getter());
  if (def.type === "union")
    return (def as unknown as { options: Node[] }).options.flatMap(concrete);
  if (def.type === "intersection") return [...concrete(def.left), ...concrete(def.right)];
  return [type];
}

/** What `segment` of a field's path (`items[0].title` → items, 0, title) must pass, if anything. */
function child(type: Node, segment: string | number): Node[] {
  const def = type._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === "object" && typeof segment === "string") {
    // Own keys only: a field named `toString` or `__proto__` is not in the shape.
    const shape = def.shape as Record<string, Node>;
    return Object.hasOwn(shape, segment) ? concrete(shape[segment]) : [];
  }
  if (def.type === "array") return concrete(def.element as Node);
  if (def.type === "record") return concrete(def.valueType as Node);
  return [];
}

const isScalar = (types: Node[]) =>
  types.length > 0 && types.every((type) => !STRUCTURED.has(type._zod.def.type));

const pathOf = (name: string) =>
  [...name.matchAll(/([^.[\]]+)|\[(\d*)\]/g)].map(([, key, index]) =>
    key !== undefined ? key : index ? Number(index) : "",
  );

const nameOf = (path: (string | number)[]) =>
  path
    .map((segment, i) =>
      typeof segment === "number" ? `[${segment}]` : i ? `.${segment}` : segment,
    )
    .join("");

/** The fields that take one value but came with several, or inside a list or an object. */
function misshapenFields(payload: FormData | URLSearchParams, schema: Node): string[] {
  const found = new Set<string>();
  for (const name of new Set(payload.keys())) {
    const path = pathOf(name);
    let types = concrete(schema);
    for (let depth = 0; depth < path.length && types.length; depth++) {
      if (isScalar(types)) {
        found.add(nameOf(path.slice(0, depth)));
        types = [];
        break;
      }
      types = types.flatMap((type) => child(type, path[depth]));
    }
    if (isScalar(types) && payload.getAll(name).length > 1) found.add(nameOf(path));
  }
  return [...found];
}

/**
 * The hidden field of an edit form: the `updated_at` (ISO) the entry was loaded with, so a save
 * made after someone else's is refused (409) instead of overwriting it (docs/decisions/067).
 */
export const editVersion = z.string({ error: "طلب غير صالح" }).max(40, "طلب غير صالح").optional();
