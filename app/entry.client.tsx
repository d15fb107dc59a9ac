import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { RESTORE_RENDERED } from "~/shared/live-event";

// React Router's own entry, but first: a reader's held page that applied live changes puts back
// what the server rendered there, so the app hydrates over its own render, then applies them
// (app/reading-boot, docs/decisions/055). As late as this, the reader's press that brought the
// app has landed on what the reader saw.
(window as { [RESTORE_RENDERED]?: () => void })[RESTORE_RENDERED]?.();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
