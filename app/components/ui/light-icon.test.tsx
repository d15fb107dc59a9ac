import { readFileSync } from "node:fs";
import * as icons from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { lightIcon } from "./light-icon";

// The light icons must draw what lucide draws: the same shapes, box and accessibility for the props
// the app gives (a class, aria-hidden) and for none; lucide's drawing attributes come from the
// stylesheet's `.icon` rule.
/** The icons the app draws light (per row or card). */
const ICONS = (
  [
    "CalendarDays",
    "CircleCheck",
    "Eye",
    "EyeOff",
    "FilePen",
    "Loader2",
    "Pencil",
    "Star",
    "Trash2",
    "UserRound",
  ] as const
).map(
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test; nothing to tree-shake
  (name) => icons[name],
);

/** An svg's opening tag's attributes and its inside. */
function parts(markup: string) {
  const [, opening, inside] = markup.match(/^<svg([^>]*)>(.*)<\/svg>$/) ?? [];
  const attributes = Object.fromEntries(
    [...(opening ?? "").matchAll(/ ([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
  );
  return { attributes, inside };
}

test.each(ICONS.map((icon) => [icon.displayName, icon] as const))(
  "%s draws lucide's shapes in lucide's box",
  (_name, Icon) => {
    const Light = lightIcon(Icon);
    for (const props of [
      { "aria-hidden": true, className: "size-4" },
      { "aria-hidden": true, className: "size-4 fill-accent text-accent" },
      { className: "size-4 animate-spin size-4" },
      {},
    ]) {
      const light = parts(renderToStaticMarkup(<Light {...props} />));
      const lucide = parts(renderToStaticMarkup(<Icon {...props} />));
      expect(light.inside).toBe(lucide.inside);
      expect(light.attributes.viewBox).toBe(lucide.attributes.viewBox);
      expect(light.attributes["aria-hidden"]).toBe(lucide.attributes["aria-hidden"]);
      // lucide's classes but its own first, with the icon's name and the given ones.
      const lucideClasses = lucide.attributes.class.split(" ");
      expect(light.attributes.class.split(" ")).toEqual([
        "icon",
        lucideClasses[1],
        ...lucideClasses.filter((name) => !name.startsWith("lucide")),
      ]);
    }
  },
);

test("the stylesheet's .icon rule draws as lucide's attributes do", () => {
  const css = readFileSync("app/app.css", "utf8");
  const rule = css.match(/\n {2}\.icon \{([^}]*)\}/)?.[1] ?? "";
  const declared = Object.fromEntries(
    [...rule.matchAll(/([\w-]+): ([^;]+);/g)].map(([, name, value]) => [name, value]),
  );
  const { attributes } = parts(renderToStaticMarkup(<icons.Eye />));
  const { xmlns, class: _class, viewBox, "aria-hidden": _hidden, ...drawing } = attributes;
  expect(xmlns).toBe("http://www.w3.org/2000/svg");
  expect(viewBox).toBe("0 0 24 24");
  expect(Object.keys(drawing).sort()).toEqual(Object.keys(declared).sort());
  for (const [name, value] of Object.entries(drawing))
    expect(declared[name], name).toBe(name === "width" || name === "height" ? `${value}px` : value);
});
