import { TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import type { PageReferrer } from "~/shared/page-blocks";

/**
 * Asked before a page is deleted (a plain form, so it works without JavaScript): what links to
 * the page and where to edit it, then «نعم، احذف» or cancel. It takes the focus when it shows.
 */
export function PageDeletionQuestion({
  ask,
}: {
  ask: { id: string; title: string; referrers: PageReferrer[] };
}) {
  const box = useRef<HTMLElement>(null);
  const location = useLocation();
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <section
      ref={box}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby="page-delete-title"
      aria-describedby="page-delete-text"
      className="mb-6 space-y-4 rounded-2xl border-2 border-danger bg-white p-5"
    >
      <h2 id="page-delete-title" className="flex items-center gap-2 text-xl font-bold">
        <TriangleAlert aria-hidden className="size-5 text-danger" />
        حذف «{ask.title}» نهائياً؟
      </h2>
      <div id="page-delete-text" className="space-y-2">
        {ask.referrers.length > 0 ? (
          <>
            <p>هذه الصفحة مرتبطة من المواضع التالية، وستصبح روابطها معطلة بعد الحذف:</p>
            <ul className="list-disc space-y-1 ps-6">
              {ask.referrers.map((referrer) => (
                <li key={`${referrer.kind}-${referrer.editUrl}`}>
                  {referrer.kind}:{" "}
                  <Link to={referrer.editUrl} className="text-primary underline">
                    {referrer.title}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>لا يرتبط بهذه الصفحة شيء في الموقع. لا يمكن التراجع عن الحذف.</p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={ask.id} />
          <input type="hidden" name="confirmed" value="1" />
          <Button type="submit" variant="destructive">
            نعم، احذف الصفحة
          </Button>
        </Form>
        <Link to={`${location.pathname}${location.search}`} className={buttonClass("outline")}>
          إلغاء
        </Link>
      </div>
    </section>
  );
}
