import { Loader2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { useMutationFeedback } from "~/components/admin/mutation-feedback";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import type { ActionResult } from "~/shared/action-result";
import type { Role } from "~/shared/roles";
import { USER_ROLE_LABELS } from "./role-badge";

const ROLE_OPTIONS: Role[] = ["viewer", "editor", "admin"];

/**
 * The role selector of one user (spec §2.10). Choosing a role and pressing the button sends it
 * to the users screen's action; a refusal shows as a toast and the choice goes back.
 */
export function RoleForm({ userId, name, role }: { userId: string; name: string; role: Role }) {
  const fetcher = useFetcher<ActionResult>();
  const [selected, setSelected] = useState<Role>(role);
  const id = useId();
  useMutationFeedback(fetcher.data);
  // Once the server has answered, show the stored role: the new one, or the old after a refusal.
  useEffect(() => {
    if (fetcher.state === "idle") setSelected(role);
  }, [role, fetcher.state]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="userId" value={userId} />
      <div className="min-w-[min(10rem,100%)] flex-1 space-y-1">
        <label htmlFor={id} className="block font-medium">
          الدور<span className="sr-only"> لـ {name}</span>
        </label>
        <select
          id={id}
          name="role"
          value={selected}
          onChange={(event) => setSelected(event.currentTarget.value as Role)}
          className={inputClass}
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {USER_ROLE_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" pending={busy}>
        {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
        {busy ? "جارٍ الحفظ…" : "تغيير الدور"}
      </Button>
    </fetcher.Form>
  );
}
