import { z } from "zod";
import { addCardFormSchema, CARD_LIST_MESSAGES, editCardFormSchema } from "~/shared/card-items";

// The writes /api/card-lists accepts; the model checks each again (the list exists, the role).

const target = {
  pagePath: z
    .string({ error: CARD_LIST_MESSAGES.unknownList })
    .max(300, CARD_LIST_MESSAGES.unknownList),
  listKey: z
    .string({ error: CARD_LIST_MESSAGES.unknownList })
    .max(100, CARD_LIST_MESSAGES.unknownList),
  expectedUpdatedAt: z.string().max(40, CARD_LIST_MESSAGES.invalidVersion).optional(),
};
const itemKey = z
  .string({ error: CARD_LIST_MESSAGES.unknownCard })
  .max(60, CARD_LIST_MESSAGES.unknownCard);

export const cardListIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), ...target, ...addCardFormSchema.shape }),
    z.object({ intent: z.literal("edit"), ...target, itemKey, ...editCardFormSchema.shape }),
    z.object({ intent: z.literal("remove"), ...target, itemKey }),
    z.object({
      intent: z.literal("move"),
      ...target,
      itemKey,
      direction: z.enum(["up", "down"], { error: CARD_LIST_MESSAGES.invalidRequest }),
    }),
    z.object({
      intent: z.literal("restore"),
      ...target,
      revisionId: z.string({ error: CARD_LIST_MESSAGES.invalidRevision }).max(60),
    }),
    z.object({ intent: z.literal("reset"), ...target }),
  ],
  { error: CARD_LIST_MESSAGES.invalidRequest },
);
