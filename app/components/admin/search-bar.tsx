import { Search, X } from "lucide-react";
import { useId } from "react";
import { Form, Link, useLocation, useSearchParams, useSubmit } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { cn } from "~/shared/cn";

export interface ListFilter {
  /** The query parameter, e.g. "status". */
  name: string;
  label: string;
  /** The first option should be the "all" choice with the value "". */
  options: { value: string; label: string }[];
  /** A day picker (`YYYY-MM-DD`) instead of the choices, applied by the search button. */
  kind?: "date";
}

/**
 * The search box of a staff list (`?q=`), with optional filters such as `?status=`. It is a
 * plain GET form, so the address can be shared and works without JavaScript; changing a
 * filter applies it at once.
 */
export function SearchBar({
  label,
  placeholder,
  filters = [],
}: {
  label: string;
  placeholder?: string;
  filters?: ListFilter[];
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const submit = useSubmit();
  const id = useId();
  const q = params.get("q") ?? "";
  const withoutQuery = new URLSearchParams(params);
  withoutQuery.delete("q");
  const clearTo = withoutQuery.size ? `${pathname}?${withoutQuery}` : pathname;
  // Empty fields are left out of the address: "?status=published", not "?q=&status=published".
  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim()) query.set(name, value.trim());
    }
    submit(query, { method: "get" });
  };

  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <div className="min-w-0 flex-[100_1_16rem] space-y-1">
        <label htmlFor={`${id}-q`} className="block font-medium">
          {label}
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-muted"
          />
          <input
            id={`${id}-q`}
            key={q}
            type="search"
            name="q"
            defaultValue={q}
            placeholder={placeholder}
            className={cn(inputClass, "ps-12")}
          />
        </div>
      </div>
      {filters.map((filter) => (
        <div key={filter.name} className="min-w-0 flex-[1_1_12rem] space-y-1">
          <label htmlFor={`${id}-${filter.name}`} className="block font-medium">
            {filter.label}
          </label>
          {filter.kind === "date" ? (
            <input
              id={`${id}-${filter.name}`}
              type="date"
              name={filter.name}
              key={params.get(filter.name) ?? ""}
              defaultValue={params.get(filter.name) ?? ""}
              className={inputClass}
            />
          ) : (
            <select
              id={`${id}-${filter.name}`}
              name={filter.name}
              key={params.get(filter.name) ?? ""}
              defaultValue={params.get(filter.name) ?? ""}
              onChange={(event) => apply(event.currentTarget.form)}
              className={inputClass}
            >
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </div>
      ))}
      <div className="flex grow flex-wrap gap-2 md:grow-0">
        <Button type="submit" className="flex-1 md:flex-none">
          <Search aria-hidden className="size-5" />
          بحث
        </Button>
        {q && (
          <Link to={clearTo} className={buttonClass("ghost")}>
            <X aria-hidden className="size-5" />
            مسح البحث
          </Link>
        )}
      </div>
    </Form>
  );
}
