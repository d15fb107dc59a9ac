import { AdminPageHeader } from "./admin-page-header";
import { LoadFailure } from "./load-failure";

/** An edit form whose item could not be loaded (e.g. 'فشل في تحميل بيانات الفيديو'). */
export function FormLoadFailure({
  title,
  back,
  message,
}: {
  title: string;
  back: { to: string; label: string };
  message: string;
}) {
  return (
    <div>
      <AdminPageHeader title={title} back={back} />
      <LoadFailure message={message} />
    </div>
  );
}
