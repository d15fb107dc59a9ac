import type { LucideIcon } from "lucide-react";
import type { SVGProps } from "react";

/** What lucide keeps of an icon: its name, other names and its shapes ([tag, attributes]). */
interface IconData {
  name: string;
  aliases?: string[];
  node: [string, Record<string, string>][];
}

/** The icon data a lucide component renders (its render's element carries it as `icon`). */
function iconDataOf(icon: LucideIcon): IconData {
  const { render } = icon as unknown as {
    render: (props: object, ref: null) => { props: { icon: IconData } };
  };
  return render({}, null).props.icon;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** lucide's class joining: each word once, in order. */
const mergeClasses = (...classes: string[]) =>
  [...new Set(classes.join(" ").split(/\s+/).filter(Boolean))].join(" ");

type LightIconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;

/**
 * A lucide icon whose inside is built once per deploy instead of on every render: the same
 * `<svg>` as lucide's component gives for the props the app uses (class, aria-*), its shapes one
 * ready string. lucide builds an icon's attributes and shapes afresh on each render (a staff list
 * of 50 rows draws ~300 icons, 7 % of its render); the markup is the same byte for byte
 * (app/components/ui/light-icon.test.tsx, docs/decisions/080).
 */
export function lightIcon(icon: LucideIcon) {
  const { name, aliases = [], node } = iconDataOf(icon);
  const iconClasses = ["lucide", `lucide-${name}`, ...aliases.map((alias) => `lucide-${alias}`)];
  const inside = {
    __html: node
      .map(([tag, attributes]) => {
        const written = Object.entries(attributes)
          .filter(([attribute]) => attribute !== "key")
          .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(String(value))}"`)
          .join("");
        return `<${tag}${written}></${tag}>`;
      })
      .join(""),
  };
  const classesFor = new Map<string, string>();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon as a module loads, never during a render
  function LightIcon({ className = "", ...props }: LightIconProps) {
    let classes = classesFor.get(className);
    if (classes === undefined) {
      classes = mergeClasses(...iconClasses, className);
      classesFor.set(className, classes);
    }
    // lucide hides an icon that nothing names from assistive technology.
    const named = Object.keys(props).some(
      (prop) => prop.startsWith("aria-") || prop === "role" || prop === "title",
    );
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={classes}
        {...(named ? undefined : { "aria-hidden": "true" })}
        {...props}
        dangerouslySetInnerHTML={inside}
      />
    );
  }
  LightIcon.displayName = icon.displayName;
  return LightIcon;
}
