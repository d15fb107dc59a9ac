import type { Actor } from "./roles";

/**
 * A staff form's save where the form's fields are the model's input: the entry at `id` updated
 * as of the version the form was opened with, or, without an id, a new entry.
 */
export const createOrUpdate =
  <Input>(
    create: (actor: Actor, input: Input) => Promise<unknown>,
    update: (actor: Actor, id: string, input: Input, version?: string) => Promise<unknown>,
  ) =>
  (actor: Actor, { version, ...input }: Input & { version?: string }, id: string | undefined) =>
    id ? update(actor, id, input as Input, version) : create(actor, input as Input);
