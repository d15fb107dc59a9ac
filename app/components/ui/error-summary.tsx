import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";

interface SummaryError {
  fieldId: string;
  message: string;
}

/** A field the server may send back with errors, and the words its label shows. */
export interface SummaryField {
  // biome-ignore lint/suspicious/noExplicitAny: any field type (text, list, file).
  meta: FieldMetadata<any>;
  label: string;
}

/**
 * The invalid fields of `form`, named by their labels (a group by its legend, a long label by its
 * `data-summary-label`), in order.
 */
function readErrors(form: HTMLFormElement): SummaryError[] {
  const fields = [...form.querySelectorAll<HTMLElement>("[aria-invalid='true'][id]")].filter(
    // A group's choices are listed once, as their group.
    (field) => !field.parentElement?.closest("fieldset[aria-invalid='true'][id]"),
  );
  return fields.map((field) => {
    const label =
      field.dataset.summaryLabel ||
      (field as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
      field.querySelector(":scope > legend")?.textContent?.trim() ||
      field.getAttribute("aria-label") ||
      field.id;
    return { fieldId: field.id, message: label };
  });
}

/** The errors of the fields the server rendered with errors (no DOM to read there). */
const renderedErrors = (fields: SummaryField[]): SummaryError[] =>
  fields
    .filter((field) => field.meta.errors?.length)
    .map((field) => ({ fieldId: field.meta.id, message: field.label }));

const sameErrors = (a: SummaryError[], b: SummaryError[]) =>
  a.length === b.length &&
  a.every((error, i) => error.fieldId === b[i].fieldId && error.message === b[i].message);

/** Focuses a field, or a group's first control (a fieldset takes no focus). */
function focusField(id: string) {
  const field = document.getElementById(id);
  if (!field) return false;
  const target = field.matches("fieldset")
    ? field.querySelector<HTMLElement>("input, select, textarea, button")
    : field;
  target?.focus();
  return Boolean(target);
}

/**
 * The GOV.UK error summary, at the top of every form: a titled region, announced when it appears,
 * with a link to each invalid field, named by its label (the message itself stays under the
 * field: docs/decisions/028). In the browser it reads the form it sits in (fields marked
 * `aria-invalid`), so every form gets it by placing it once; a form the server may answer without
 * JavaScript lists its `fields` too, so the server's page shows the summary as well. After a
 * failed submit it takes the focus, as GOV.UK's does.
 */
export function ErrorSummary({ fields = [] }: { fields?: SummaryField[] }) {
  const box = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const titleId = useId();
  const [errors, setErrors] = useState<SummaryError[]>(() => renderedErrors(fields));
  // Set on submit, until the answer's errors show or the reader types again.
  const focusPending = useRef(false);

  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    const read = () => {
      const next = readErrors(form);
      setErrors((current) => (sameErrors(current, next) ? current : next));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(form, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["aria-invalid", "aria-describedby"],
    });
    const submitted = () => {
      focusPending.current = true;
      // The same errors as before change nothing to render: focus the summary now.
      setTimeout(() => {
        if (focusPending.current && readErrors(form).length > 0) {
          focusPending.current = false;
          section.current?.focus();
        }
      });
    };
    const typed = () => {
      focusPending.current = false;
    };
    form.addEventListener("submit", submitted);
    form.addEventListener("input", typed);
    return () => {
      observer.disconnect();
      form.removeEventListener("submit", submitted);
      form.removeEventListener("input", typed);
    };
  }, []);

  // The server's answer to a form sent before the app was ready: the summary takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render's errors.
  useEffect(() => {
    if (renderedErrors(fields).length > 0) section.current?.focus();
  }, []);

  useEffect(() => {
    if (focusPending.current && errors.length > 0) {
      focusPending.current = false;
      section.current?.focus();
    }
  }, [errors]);

  return (
    // An assertive live region that is always there (so the summary is announced when it
    // appears) but holds no alert role while the form has no errors.
    <div ref={box} aria-live="assertive">
      {errors.length > 0 && (
        <section
          ref={section}
          tabIndex={-1}
          aria-labelledby={titleId}
          className="rounded-xl border-4 border-danger bg-white p-4"
        >
          <h2 id={titleId} className="text-lg text-danger">
            {errors.length === 1
              ? "يرجى تصحيح حقل واحد في النموذج:"
              : `يرجى تصحيح ${errors.length} حقول في النموذج:`}
          </h2>
          <ul className="mt-2 space-y-1">
            {errors.map((error) => (
              <li key={error.fieldId}>
                <a
                  href={`#${error.fieldId}`}
                  className="target-link font-medium text-danger underline underline-offset-4"
                  onClick={(event) => {
                    if (focusField(error.fieldId)) event.preventDefault();
                  }}
                >
                  {error.message}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
