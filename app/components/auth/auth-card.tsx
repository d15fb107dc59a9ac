import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { AssociationLogo } from "~/components/logo";

/**
 * The frame of the sign-in, reset and two-factor screens: logo, heading, content, and a way
 * back (to the site unless `back` says where). Without `title` the content brings its own
 * heading (an error screen inside the frame).
 */
export function AuthCard({
  title,
  subtitle,
  back = { to: "/", label: "العودة إلى الموقع الرئيسي" },
  children,
}: {
  title?: string;
  subtitle?: React.ReactNode;
  back?: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-surface px-4 py-8">
      <div className="w-full max-w-lg space-y-6 rounded-3xl bg-white p-6 shadow-lg sm:p-10">
        <div className="space-y-3 text-center">
          <AssociationLogo className="mx-auto h-16" />
          {title && <h1 className="text-2xl sm:text-3xl">{title}</h1>}
          {subtitle && <p className="text-muted">{subtitle}</p>}
        </div>
        {children}
      </div>
      <Link
        to={back.to}
        className="inline-flex min-h-11 items-center gap-2 rounded-xl px-4 font-medium text-primary-dark underline-offset-4 hover:underline"
      >
        <ArrowRight aria-hidden className="size-5" />
        {back.label}
      </Link>
    </main>
  );
}

/** The submit button of a form in the card: large, the card's whole width. */
export const authSubmit = (intent: string, pendingLabel: string, label: string) => ({
  intent,
  size: "lg" as const,
  className: "w-full",
  pendingLabel,
  children: label,
});
