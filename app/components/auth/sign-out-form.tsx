import { LogOut } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/utils/cn";

/**
 * Posts to /logout. `from` picks the place's scope and messages (spec §8): "site" ends this
 * session only; "admin" and the default end every session of the account.
 */
export function SignOutForm({
  from,
  className,
  children = "تسجيل الخروج",
}: {
  from?: "site" | "admin";
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <Form method="post" action="/logout">
      {from && <input type="hidden" name="from" value={from} />}
      <button type="submit" className={cn(buttonClass("ghost", "sm"), className)}>
        <LogOut aria-hidden className="size-4" />
        {children}
      </button>
    </Form>
  );
}
