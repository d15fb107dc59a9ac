import { z } from "zod";
import { SITE_SECTIONS } from "~/content/menu";
import { EVEN_IF_A_FIELD_FAILED } from "~/shared/form-validation";
import {
  hrefProblem,
  MAX_HREF_LENGTH,
  MAX_LABEL_LENGTH,
  MENU_IDS,
  MENU_MESSAGES,
} from "~/shared/menus";
import { oneLineText } from "~/shared/text-fields";

const INVALID_REQUEST = "طلب غير صالح";

export const menuIdField = z.enum(MENU_IDS, { error: INVALID_REQUEST });
const itemId = z.string({ error: INVALID_REQUEST }).regex(/^[a-z0-9-]{1,60}$/, INVALID_REQUEST);

const SECTION_PATHS = new Set(SITE_SECTIONS.map((section) => section.path));

export const LINK_KINDS = ["section", "page", "external"] as const;

/** The field a link's refusal is shown beside, by the kind of link chosen. */
const LINK_FIELD = { section: "section", page: "page", external: "url" } as const;

/**
 * The add and edit form of a menu item: its label, its place (a top item, or under one) and where
 * it leads — a section of the site, a staff-built page `/p/<slug>`, or an `https://` address.
 * The browser and the action check it alike; the model checks the whole menu again.
 */
export const menuItemFormSchema = z
  .object({
    intent: z.enum(["add", "update"], { error: INVALID_REQUEST }),
    menu: menuIdField,
    id: itemId.optional(),
    label: oneLineText(MAX_LABEL_LENGTH, {
      required: MENU_MESSAGES.labelRequired,
      tooLong: MENU_MESSAGES.labelTooLong,
    }),
    parentId: itemId.optional(),
    kind: z.enum(LINK_KINDS, { error: MENU_MESSAGES.linkRequired }),
    section: z.string({ error: INVALID_REQUEST }).max(MAX_HREF_LENGTH).optional(),
    page: z
      .string({ error: INVALID_REQUEST })
      .trim()
      .max(MAX_HREF_LENGTH + 1)
      .optional(),
    url: z
      .string({ error: INVALID_REQUEST })
      .trim()
      .max(MAX_HREF_LENGTH + 1)
      .optional(),
  })
  .superRefine((value, ctx) => {
    // Checked even when the label failed, so every error shows in one round (decision 046).
    if (!LINK_KINDS.includes(value.kind)) return;
    const href: unknown = hrefOf(value);
    // A field that failed its own check (a file where a text was expected) has its message already.
    if (href !== undefined && typeof href !== "string") return;
    const problem = hrefProblem(href ?? "", SECTION_PATHS);
    if (problem) ctx.addIssue({ code: "custom", path: [LINK_FIELD[value.kind]], message: problem });
    if (value.intent === "update" && !value.id) {
      ctx.addIssue({ code: "custom", message: INVALID_REQUEST });
    }
  }, EVEN_IF_A_FIELD_FAILED)
  .transform((value) => ({
    intent: value.intent,
    menu: value.menu,
    id: value.id,
    fields: { label: value.label, parentId: value.parentId ?? null, href: hrefOf(value) ?? "" },
  }));

function hrefOf(value: { kind: string; section?: string; page?: string; url?: string }) {
  return value.kind === "section" ? value.section : value.kind === "page" ? value.page : value.url;
}

/** The buttons of a row (move, hide, remove), the original menu and a revision. */
export const menuButtonSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.enum(["move-up", "move-down", "toggle-hidden", "remove"]),
      menu: menuIdField,
      id: itemId,
    }),
    z.object({ intent: z.literal("restore-default"), menu: menuIdField }),
    z.object({
      intent: z.literal("restore-revision"),
      menu: menuIdField,
      revisionId: z.string().max(100),
    }),
  ],
  { error: INVALID_REQUEST },
);

export const MENU_INTENTS = [
  "add",
  "update",
  "move-up",
  "move-down",
  "toggle-hidden",
  "remove",
  "restore-default",
  "restore-revision",
] as const;
