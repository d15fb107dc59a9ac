import type { LucideIcon } from "lucide-react";
import type { SVGProps } from "react";

/** What lucide keeps of an icon: its name and its shapes ([tag, attributes]). */
interface IconData {
  name: string;
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

/** Each class once, in order (as lucide joins them). */
const mergeClasses = (...classes: string[]) =>
  [...new Set(classes.join(" ").split(/\s+/).filter(Boolean))].join(" ");

type LightIconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;

/**
 * A lucide icon whose inside is built once per deploy instead of on every render: the `<svg>`
 * lucide's component draws, its shapes one ready string. lucide builds an icon's attributes and
 * shapes afresh on each render (a staff list of 50 rows draws ~300 icons, 7 % of its render).
 * Its drawing attributes (size, no fill, a 2-wide round stroke in the text's colour) are the
 * `.icon` rule of app/app.css rather than nine attributes on each svg; a class overrides them
 * (`size-4`, `fill-accent`). The same drawing as lucide's: app/components/ui/light-icon.test.tsx,
 * docs/decisions/080.
 */
export function lightIcon(icon: LucideIcon) {
  const { name, node } = iconDataOf(icon);
  const iconClasses = ["icon", `lucide-${name}`];
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
        viewBox="0 0 24 24"
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
