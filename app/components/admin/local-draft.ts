/** The texts of the post form that are kept as a draft (files are not). */
export interface AutosaveFields {
  title: string;
  excerpt: string;
  content: string;
}

/**
 * The post form's unsaved texts, kept in this browser while the server cannot take them — the
 * session ended, the network is down — so that an editor who signs in again and comes back is
 * offered them (docs/decisions/039). A copy belongs to the version of the post it was written on:
 * once the post has been saved since, it is of no use.
 */
export interface LocalDraft {
  fields: AutosaveFields;
  savedAt: string;
  version: string;
}

const keyOf = (postId: string | undefined) => `rifq:post-draft:${postId ?? "new"}`;

/** Storage may be full or refused (a private window): the copy is then only lost, not an error. */
export function keepLocalDraft(
  postId: string | undefined,
  version: string,
  fields: AutosaveFields,
) {
  const draft: LocalDraft = { fields, savedAt: new Date().toISOString(), version };
  try {
    localStorage.setItem(keyOf(postId), JSON.stringify(draft));
  } catch {}
}

export function forgetLocalDraft(postId: string | undefined) {
  try {
    localStorage.removeItem(keyOf(postId));
  } catch {}
}

const isText = (value: unknown) => typeof value === "string";

/** This browser's copy of the post's unsaved texts, when written on `version` of the post. */
export function readLocalDraft(postId: string | undefined, version: string): LocalDraft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(keyOf(postId)) ?? "null");
    const fields = draft?.fields;
    const valid =
      draft?.version === version &&
      isText(draft.savedAt) &&
      isText(fields?.title) &&
      isText(fields?.excerpt) &&
      isText(fields?.content);
    return valid ? draft : null;
  } catch {
    return null;
  }
}
