import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { type AdminStatus, EditModeContext } from "./edit-mode-state";
import {
  CardListEditorContext,
  type LoadedCardListEditor,
  loadCardListEditor,
} from "./loaded-card-list-editor";
import { type LoadedEditors, LoadedEditorsContext, loadEditors } from "./loaded-editors";

/** Browser-side copy of "this visitor is an admin" (spec §2.11); the server still decides. */
export const ADMIN_FLAG_KEY = "rifq:is-admin";
/** Edit mode stays on across pages of the same tab. */
export const EDIT_MODE_KEY = "rifq:edit-mode";

const noSubscription = () => () => {};

/** False while rendering on the server and hydrating, true once the page can react. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function writeStorage(storage: Storage, key: string, on: boolean) {
  try {
    if (on) storage.setItem(key, "1");
    else storage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode, quota): the flag is only a convenience.
  }
}

function readStorage(storage: Storage, key: string) {
  try {
    return storage.getItem(key) === "1";
  } catch {
    return false;
  }
}

/**
 * Edit mode for page texts, provided by the public layout. `isAdmin` comes from the root
 * loader (the session's role, read on the server); every save is checked again on the server.
 */
export function EditModeProvider({
  isAdmin,
  children,
}: {
  isAdmin: boolean;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [enabled, setEnabledState] = useState(false);
  const [editors, setEditors] = useState<[LoadedEditors, LoadedCardListEditor] | null>(null);

  // Fetch the editors before offering edit mode, so no click lands on a text not yet editable.
  useEffect(() => {
    if (!isAdmin) return;
    let current = true;
    Promise.all([loadEditors(), loadCardListEditor()]).then(
      (loaded) => current && setEditors(loaded),
      () => current && setEditors(null),
    );
    return () => {
      current = false;
    };
  }, [isAdmin]);

  useEffect(() => {
    writeStorage(localStorage, ADMIN_FLAG_KEY, isAdmin);
    if (isAdmin) {
      setEnabledState(readStorage(sessionStorage, EDIT_MODE_KEY));
    } else {
      setEnabledState(false);
      writeStorage(sessionStorage, EDIT_MODE_KEY, false);
    }
  }, [isAdmin]);

  const setEnabled = useCallback(
    (on: boolean) => {
      const next = on && isAdmin;
      setEnabledState(next);
      writeStorage(sessionStorage, EDIT_MODE_KEY, next);
    },
    [isAdmin],
  );

  const status: AdminStatus = !isAdmin ? "none" : hydrated && editors ? "ready" : "checking";
  const value = useMemo(
    () => ({ status, enabled: status === "ready" && enabled, setEnabled }),
    [status, enabled, setEnabled],
  );
  return (
    <EditModeContext.Provider value={value}>
      <LoadedEditorsContext.Provider value={status === "ready" ? (editors?.[0] ?? null) : null}>
        <CardListEditorContext.Provider value={status === "ready" ? (editors?.[1] ?? null) : null}>
          {children}
        </CardListEditorContext.Provider>
      </LoadedEditorsContext.Provider>
    </EditModeContext.Provider>
  );
}
