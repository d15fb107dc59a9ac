import { useEffect, useId, useRef, useState } from "react";

interface SummaryError {
  fieldId: string;
  message: string;
}

/** The invalid fields of `form`, named by their labels, in the order they appear. */
function readErrors(form: HTMLFormElement): SummaryError[] {
  const fields = form.querySelectorAll<HTMLElement>("[aria-invalid='true'][id]");
  return [...fields].map((field) => {
    const label =
      (field as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
      field.getAttribute("aria-label") ||
      field.id;
    return { fieldId: field.id, message: label };
  });
}

const sameErrors = (a: SummaryError[], b: SummaryError[]) =>
  a.length === b.length &&
  a.every((error, i) => error.fieldId === b[i].fieldId && error.message === b[i].message);

/**
 * The GOV.UK error summary, at the top of every form: a titled region, announced when it appears,
 * with a link to each invalid field, named by its label (the message itself stays under the
 * field: docs/decisions/028). It reads the form it sits in (fields marked `aria-invalid`), so
 * every form gets it by placing it once.
 */
export function ErrorSummary() {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [errors, setErrors] = useState<SummaryError[]>([]);

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
    return () => observer.disconnect();
  }, []);

  return (
    // An assertive live region that is always there (so the summary is announced when it
    // appears) but holds no alert role while the form has no errors.
    <div ref={box} aria-live="assertive">
      {errors.length > 0 && (
        <section
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
                  className="inline-flex min-h-11 items-center font-medium text-danger underline underline-offset-4"
                  onClick={(event) => {
                    const field = document.getElementById(error.fieldId);
                    if (!field) return;
                    event.preventDefault();
                    field.focus();
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
