import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { type AutosaveFields, forgetLocalDraft, keepLocalDraft } from "./local-draft";

/** Where the post form's drafts are autosaved (app/routes/admin/posts/autosave.ts). */
export const AUTOSAVE_PATH = "/admin/dashboard/posts/autosave";
/** Quiet time after the last change before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 3_000;

export type { AutosaveFields };

function body(postId: string | undefined, intent: "save" | "discard", fields?: AutosaveFields) {
  const form = new FormData();
  form.set("intent", intent);
  if (postId) form.set("postId", postId);
  if (fields) for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/**
 * Keeps the post form's unsaved texts on the server: a few seconds after the last change,
 * when the page is hidden or closed (sendBeacon survives the tab closing) and when the form
 * goes away (an in-app link). While there are unsaved changes the browser asks before the tab
 * closes; `mustAsk` tells the in-app leave question the same. The post's own save is
 * `saving()`; only a refused save (`saveRefused()`) hands the changes back as unsaved, so a
 * 400 or 409 answer leaves every warning armed. `markSaved` forgets the changes for good.
 * Until the server has the texts (an autosave answered, the post saved), this browser keeps a
 * copy too (local-draft.ts): a save refused for an ended session loses nothing. `version` is
 * the post's version the texts were written on.
 */
export function useAutosave(postId: string | undefined, version = "") {
  const pending = useRef<AutosaveFields | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [dirty, setDirty] = useState(false);
  // Refs as well as state: a navigation blocker and an unmount read them, not a render.
  const unsaved = useRef(false);
  const submitted = useRef(false);

  const flush = useCallback(
    async (how: "fetch" | "beacon") => {
      clearTimeout(timer.current);
      const fields = pending.current;
      if (!fields || submitted.current) return;
      pending.current = null;
      keepLocalDraft(postId, version, fields);
      const form = body(postId, "save", fields);
      if (how === "beacon") {
        navigator.sendBeacon(AUTOSAVE_PATH, form);
        return;
      }
      try {
        const response = await fetch(AUTOSAVE_PATH, { method: "POST", body: form });
        if (response.ok) {
          setSavedAt(new Date());
          if (!pending.current) forgetLocalDraft(postId);
        } else pending.current ??= fields;
      } catch {
        pending.current ??= fields;
      }
    },
    [postId, version],
  );

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush("fetch"), AUTOSAVE_DELAY_MS);
  }, [flush]);

  const changed = useCallback(
    (fields: AutosaveFields) => {
      pending.current = fields;
      unsaved.current = true;
      setDirty(true);
      schedule();
    },
    [schedule],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") void flush("beacon");
    };
    const onPageHide = () => void flush("beacon");
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onPageHide);
      // Leaving the form (an in-app link, a confirmed leave): the last seconds are kept too.
      void flush("beacon");
    };
  }, [flush]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to ask.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  /** The post itself is being saved with these texts: no draft meanwhile or after. */
  const saving = useCallback(() => {
    clearTimeout(timer.current);
    submitted.current = true;
    if (pending.current) keepLocalDraft(postId, version, pending.current);
  }, [postId, version]);

  // The save answered with a redirect (the list): the post has the texts.
  const navigation = useNavigation();
  useEffect(() => {
    if (submitted.current && navigation.state === "loading" && navigation.formMethod) {
      forgetLocalDraft(postId);
    }
  }, [navigation, postId]);

  /** The save was refused (invalid, or someone else saved first): the changes are unsaved still. */
  const saveRefused = useCallback(() => {
    submitted.current = false;
    if (pending.current) schedule();
  }, [schedule]);

  const markSaved = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    unsaved.current = false;
    setDirty(false);
  }, []);

  /** Whether leaving now would lose changes (a save on its way does not count). */
  const mustAsk = useCallback(() => unsaved.current && !submitted.current, []);

  const discard = useCallback(() => {
    forgetLocalDraft(postId);
    void fetch(AUTOSAVE_PATH, { method: "POST", body: body(postId, "discard") });
  }, [postId]);

  return { changed, saving, saveRefused, markSaved, mustAsk, discard, savedAt, dirty };
}
