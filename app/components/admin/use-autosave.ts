import { useCallback, useEffect, useRef, useState } from "react";

/** Where the post form's drafts are autosaved (app/routes/admin/posts/autosave.ts). */
export const AUTOSAVE_PATH = "/admin/dashboard/posts/autosave";
/** Quiet time after the last change before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 3_000;

export interface AutosaveFields {
  title: string;
  excerpt: string;
  content: string;
}

function body(postId: string | undefined, intent: "save" | "discard", fields?: AutosaveFields) {
  const form = new FormData();
  form.set("intent", intent);
  if (postId) form.set("postId", postId);
  if (fields) for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/**
 * Keeps the post form's unsaved texts on the server: a few seconds after the last change,
 * and once more when the page is hidden or closed (sendBeacon survives the tab closing).
 * While there are unsaved changes the browser asks before leaving. `markSaved` is called when
 * the form is submitted, so saving the post itself does not ask.
 */
export function useAutosave(postId: string | undefined) {
  const pending = useRef<AutosaveFields | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [dirty, setDirty] = useState(false);

  const flush = useCallback(
    async (how: "fetch" | "beacon") => {
      clearTimeout(timer.current);
      const fields = pending.current;
      if (!fields) return;
      pending.current = null;
      const form = body(postId, "save", fields);
      if (how === "beacon") {
        navigator.sendBeacon(AUTOSAVE_PATH, form);
        return;
      }
      try {
        const response = await fetch(AUTOSAVE_PATH, { method: "POST", body: form });
        if (response.ok) setSavedAt(new Date());
        else pending.current ??= fields;
      } catch {
        pending.current ??= fields;
      }
    },
    [postId],
  );

  const changed = useCallback(
    (fields: AutosaveFields) => {
      pending.current = fields;
      setDirty(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush("fetch"), AUTOSAVE_DELAY_MS);
    },
    [flush],
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
      clearTimeout(timer.current);
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

  const markSaved = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    setDirty(false);
  }, []);

  const discard = useCallback(() => {
    void fetch(AUTOSAVE_PATH, { method: "POST", body: body(postId, "discard") });
  }, [postId]);

  return { changed, markSaved, discard, savedAt, dirty };
}
