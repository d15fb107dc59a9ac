import { Link } from "react-router";
import { AssociationLogo } from "./logo";
import { buttonClass } from "./ui/button";

/** The 404 page of spec §2.2. */
export function NotFound() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 p-6 text-center">
      <AssociationLogo className="h-16" />
      <p className="text-6xl font-bold text-primary sm:text-8xl" aria-hidden>
        404
      </p>
      <h1 className="text-2xl">عذراً، الصفحة غير موجودة</h1>
      <p className="text-muted">ربما نُقلت الصفحة التي تبحث عنها أو حُذفت، أو أن الرابط غير صحيح.</p>
      <Link to="/" className={buttonClass("default", "lg")}>
        العودة إلى الصفحة الرئيسية
      </Link>
    </section>
  );
}
