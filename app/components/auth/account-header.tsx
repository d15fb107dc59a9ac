import { Home, LayoutDashboard } from "lucide-react";
import { Link } from "react-router";
import { AssociationLogo } from "~/components/logo";
import { buttonClass } from "~/components/ui/button";
import { staffHome } from "~/shared/paths";
import { hasRole, type Role } from "~/shared/roles";
import { SignOutForm } from "./sign-out-form";

/**
 * The top bar of the account pages: the site, the staff area for staff, and sign-out. Without a
 * user (the page failed before it knew who) it still leads back to the site.
 */
export function AccountHeader({ user }: { user: { fullName: string; role: Role } | null }) {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link to="/" aria-label="جمعية رفق — الصفحة الرئيسية">
          <AssociationLogo />
        </Link>
        <nav aria-label="حسابي" className="flex flex-wrap items-center gap-2">
          <Link to="/" className={buttonClass("ghost", "sm")}>
            <Home aria-hidden className="size-4" />
            الموقع الرئيسي
          </Link>
          {user && hasRole(user, "editor") && (
            <Link to={staffHome(user)} className={buttonClass("secondary", "sm")}>
              <LayoutDashboard aria-hidden className="size-4" />
              لوحة التحكم
            </Link>
          )}
          {user && <SignOutForm />}
        </nav>
      </div>
    </header>
  );
}
