import { createContext, useContext } from "react";

/**
 * `checking`: an admin's page before it can react (server-rendered, not yet hydrated, or the
 * editor's code still on its way), so the button shows in its loading state; `ready`: an admin
 * who can edit; `none`: anyone else.
 */
export type AdminStatus = "none" | "checking" | "ready";

export interface EditModeState {
  status: AdminStatus;
  /** Edit mode is on (only ever for a `ready` admin). */
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
}

export const EditModeContext = createContext<EditModeState>({
  status: "none",
  enabled: false,
  setEnabled: () => {},
});

/** Whether this page is in edit mode, for the blocks and the button (EditModeProvider sets it). */
export const useEditMode = () => useContext(EditModeContext);

/** The element describing how the edit controls are reached (rendered by the edit-mode button). */
export const EDIT_CONTROLS_HINT_ID = "edit-controls-hint";
