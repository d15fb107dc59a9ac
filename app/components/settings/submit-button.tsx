import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * A form's submit button that carries the form's `intent` and, while that form is being sent,
 * refuses clicks (keeping focus) and shows a spinner (spec §2.9: each form has its own saving state).
 */
export function SubmitButton({
  intent,
  pendingLabel,
  children,
  ...props
}: ComponentProps<typeof Button> & { intent: string; pendingLabel?: string }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" pending={pending} {...props}>
        {pending && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
        {pending && pendingLabel ? pendingLabel : children}
      </Button>
    </>
  );
}
