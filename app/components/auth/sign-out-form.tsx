import { Form } from "react-router";
import { LogOutIcon } from "~/components/site-icons";
import { buttonClass } from "~/components/ui/button-class";
import { cn } from "~/shared/cn";

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
        <LogOutIcon className="size-4" />
        {children}
      </button>
    </Form>
  );
}
