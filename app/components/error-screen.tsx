import { RefreshCw, RotateCcw } from "lucide-react";
import { isRouteErrorResponse, useNavigate, useRouteError } from "react-router";
import { NotFound } from "~/components/not-found";
import { Button } from "~/components/ui/button";

export const ERROR_TITLE = "حدث خطأ غير متوقع";
export const ERROR_DESCRIPTION = "عذراً، حدث خطأ أثناء تحميل هذه الصفحة";

/** The one error screen (spec §2.2): retry re-runs the page's data, reload reloads it. */
export function ErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const forbidden = isRouteErrorResponse(error) && (error.status === 403 || error.status === 401);
  // A refused request (bad input, too large, too many attempts) is the client's, not a fault.
  const refused = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500;
  if (!refused) console.error(error);
  const message = refused && typeof error.data === "string" ? error.data : null;
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl">
        {forbidden ? "لا تملك صلاحية الوصول" : refused ? "تعذّر تنفيذ الطلب" : ERROR_TITLE}
      </h1>
      <p className="text-muted">{message ?? ERROR_DESCRIPTION}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {forbidden ? (
          <Button asChild>
            <a href="/">العودة إلى الصفحة الرئيسية</a>
          </Button>
        ) : (
          <>
            <Button onClick={() => navigate(".", { replace: true })}>
              <RotateCcw aria-hidden className="size-5" />
              إعادة المحاولة
            </Button>
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden className="size-5" />
              إعادة تحميل الصفحة
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
