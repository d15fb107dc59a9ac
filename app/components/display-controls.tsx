import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ContrastIcon } from "~/components/site-icons";
import { cn } from "~/shared/cn";
import {
  type Contrast,
  type DisplayPreferences,
  displayAttributes,
  displayCookies,
  type TextSize,
} from "~/shared/display-preferences";

/** Each button's name is its visible word after "حجم الخط" (WCAG 2.5.3, label in name). */
const SIZES: { value: TextSize; label: string }[] = [
  { value: "100", label: "عادي" },
  { value: "125", label: "كبير" },
  { value: "150", label: "أكبر" },
];

const choiceClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-field bg-white px-3 font-medium text-ink hover:bg-primary-light aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-white";

/** Applies a choice at once in the page and remembers it for the server's next render. */
function applyChoice(preferences: DisplayPreferences) {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(displayAttributes(preferences))) {
    if (value) root.setAttribute(name, value);
    else root.removeAttribute(name);
  }
  for (const cookie of displayCookies(preferences)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older browsers.
    document.cookie = cookie;
  }
}

/**
 * Text size (100/125/150 %) and high contrast, first in the header (one Tab after the skip link).
 * A plain form posted to /display without JavaScript; with it, applied in place.
 */
export function DisplayControls({ initial }: { initial: DisplayPreferences }) {
  const [preferences, setPreferences] = useState(initial);
  const { pathname, search } = useLocation();
  // The device asking for more contrast counts as high contrast until the reader says otherwise.
  const [systemMore, setSystemMore] = useState(false);
  useEffect(() => {
    // (Some embedded browsers have no matchMedia: they are taken to ask for nothing.)
    setSystemMore(window.matchMedia?.("(prefers-contrast: more)").matches ?? false);
  }, []);
  const highContrast =
    preferences.contrast === "more" || (preferences.contrast === "system" && systemMore);

  function choose(event: React.MouseEvent<HTMLButtonElement>, next: DisplayPreferences) {
    event.preventDefault();
    setPreferences(next);
    applyChoice(next);
  }

  const nextContrast: Contrast = highContrast ? "normal" : "more";
  return (
    <form
      method="post"
      action="/display"
      className="flex flex-wrap items-center gap-2"
      aria-label="إعدادات العرض"
      // Only the browser knows whether the device asks for more contrast: a reader's page that
      // leaves it to the device brings its app at once where it does (public/reading-boot.js).
      data-hydrate-media={
        preferences.contrast === "system" ? "(prefers-contrast: more)" : undefined
      }
    >
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only float-start me-1 text-muted sm:not-sr-only">حجم الخط:</legend>
        {SIZES.map(({ value, label }) => (
          <button
            key={value}
            type="submit"
            name="textSize"
            value={value}
            aria-label={`حجم الخط ${label}`}
            aria-pressed={preferences.textSize === value}
            className={choiceClass}
            onClick={(event) => choose(event, { ...preferences, textSize: value })}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <button
        type="submit"
        name="contrast"
        value={nextContrast}
        aria-pressed={highContrast}
        className={cn(choiceClass, "gap-2")}
        onClick={(event) => choose(event, { ...preferences, contrast: nextContrast })}
      >
        <ContrastIcon />
        تباين عالٍ
      </button>
    </form>
  );
}
