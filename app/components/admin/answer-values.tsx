import { Download } from "lucide-react";
import { Fragment } from "react";
import { answerText } from "~/shared/built-form-answers";
import { formatFileSize } from "~/shared/documents";
import type { FormAnswerValues, FormField } from "~/shared/form-builder";
import { localMobile } from "~/shared/outreach-fields";
import { lightIcon } from "../ui/light-icon";
import { STAFF_PATHS } from "./staff-paths";

/** A built form's answer as staff read it: on a request's page and as one whole answer. */

export interface AnswerFile {
  id: string;
  fieldKey: string;
  fileName: string;
  size: number;
}

const DownloadIcon = lightIcon(Download);

/** An answer's files, each downloaded by staff through its own address (never public). */
export function AnswerFiles({ files }: { files: Omit<AnswerFile, "fieldKey">[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="space-y-2">
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={STAFF_PATHS.formAnswerFile(file.id)}
            className="target-link inline-flex items-center gap-2 underline"
            download
          >
            <DownloadIcon aria-hidden className="size-4" />
            <span className="wrap-anywhere">{file.fileName}</span>
            <span className="text-sm text-muted">({formatFileSize(file.size)})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** One value as staff read it: a mobile in its local form, «—» for nothing given. */
function valueText(field: FormField, value: FormAnswerValues[string]): string {
  if (field.kind === "mobile" && typeof value === "string" && value) return localMobile(value);
  return answerText(field, value) || "—";
}

/** Every field the form asked (not its headings), in the form's order, with its answer. */
export function AnswerValues({
  fields,
  values,
  files,
}: {
  fields: FormField[];
  values: FormAnswerValues;
  files: AnswerFile[];
}) {
  return (
    <dl className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
      {fields
        .filter((field) => field.kind !== "section")
        .map((field) => {
          const own = files.filter((file) => file.fieldKey === field.key);
          return (
            <Fragment key={field.key}>
              <dt className="text-muted">{field.label}</dt>
              <dd className="whitespace-pre-line wrap-anywhere">
                {field.kind === "file" ? (
                  own.length > 0 ? (
                    <AnswerFiles files={own} />
                  ) : (
                    "—"
                  )
                ) : (
                  <bdi dir={field.kind === "mobile" || field.kind === "email" ? "ltr" : undefined}>
                    {valueText(field, values[field.key])}
                  </bdi>
                )}
              </dd>
            </Fragment>
          );
        })}
    </dl>
  );
}
