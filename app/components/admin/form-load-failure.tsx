import type { ContentType } from "~/shared/content-types";
import { AdminPageHeader } from "./admin-page-header";
import { formBack } from "./form-shell";
import { LoadFailure } from "./load-failure";

/** An edit form whose item could not be loaded (e.g. 'فشل في تحميل بيانات الفيديو'). */
export function FormLoadFailure({ type, message }: { type: ContentType; message: string }) {
  return (
    <div>
      <AdminPageHeader title={type.form.editTitle} back={formBack(type)} />
      <LoadFailure message={message} />
    </div>
  );
}
