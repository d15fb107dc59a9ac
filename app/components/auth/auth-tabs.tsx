import { Tabs } from "radix-ui";
import { useNavigate, useSearchParams } from "react-router";
import { cn } from "~/shared/cn";
import { REGISTRATION_OPEN } from "~/shared/site-settings";
import { ForgotPasswordForm } from "./forgot-password-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";
import { type AuthTab, tabHref } from "./tab-href";

const TABS: { value: AuthTab; label: string }[] = [
  { value: "signin", label: "تسجيل الدخول" },
  { value: "signup", label: "حساب جديد" },
  { value: "forgot", label: "نسيت كلمة المرور" },
];

/** The tab in the URL (`?tab=`), so that links and the no-JavaScript page open the right one. */
export function currentTab(searchParams: URLSearchParams, registrationAllowed: boolean): AuthTab {
  const requested = searchParams.get("tab");
  if (requested === "signup" && registrationAllowed) return "signup";
  if (requested === "forgot") return "forgot";
  return "signin";
}

/**
 * Sign in, sign up (only while registration is open) and forgot password. Each tab is a real
 * link to its URL; with JavaScript, Radix switches tabs in place and keeps the URL in step.
 */
export function AuthTabs({ registrationAllowed }: { registrationAllowed: boolean }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = currentTab(searchParams, registrationAllowed);
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) =>
        navigate(tabHref(searchParams, value as AuthTab), {
          replace: true,
          preventScrollReset: true,
        })
      }
      dir="rtl"
      className="space-y-6"
      // The sign-up tab is hidden while registration is closed, so a reader's held page shows
      // it when registration opens (docs/decisions/055); asked for in the address, it would also
      // be the open tab: that change is the app's.
      data-setting={searchParams.get("tab") === "signup" ? "registration_control" : undefined}
    >
      <Tabs.List
        aria-label="طرق الدخول"
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-surface p-1"
      >
        {TABS.map((item) => (
          <Tabs.Trigger key={item.value} value={item.value} asChild>
            <a
              href={tabHref(searchParams, item.value)}
              {...(item.value === "signup" && {
                "data-shown-by": REGISTRATION_OPEN,
                hidden: !registrationAllowed,
              })}
              onClick={(event) => {
                // Radix has already switched the tab; let only "open in new tab" follow the link.
                if (!event.metaKey && !event.ctrlKey && !event.shiftKey) event.preventDefault();
              }}
              className={cn(
                "flex min-h-12 items-center justify-center rounded-xl px-2 py-2 text-center font-medium leading-tight text-muted transition",
                "hover:text-ink data-[state=active]:bg-white data-[state=active]:text-primary-dark data-[state=active]:shadow-sm",
              )}
            >
              {item.label}
            </a>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="signin">
        <SignInForm />
      </Tabs.Content>
      <Tabs.Content value="signup">
        <SignUpForm />
      </Tabs.Content>
      <Tabs.Content value="forgot">
        <ForgotPasswordForm />
      </Tabs.Content>
    </Tabs.Root>
  );
}
