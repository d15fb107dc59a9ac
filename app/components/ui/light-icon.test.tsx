import {
  CalendarDays,
  CircleCheck,
  Eye,
  EyeOff,
  FilePen,
  Loader2,
  type LucideIcon,
  Pencil,
  Star,
  Trash2,
  UserRound,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { lightIcon } from "./light-icon";

// The light icons must draw what lucide draws: the same markup, byte for byte, for the props the
// app gives (a class, aria-hidden) and for none.
const ICONS: LucideIcon[] = [
  CalendarDays,
  CircleCheck,
  Eye,
  EyeOff,
  FilePen,
  Loader2,
  Pencil,
  Star,
  Trash2,
  UserRound,
];

test.each(ICONS.map((icon) => [icon.displayName, icon] as const))(
  "%s is lucide's own markup",
  (_name, Icon) => {
    const Light = lightIcon(Icon);
    for (const props of [
      { "aria-hidden": true, className: "size-4" },
      { "aria-hidden": true, className: "size-4 fill-accent text-accent" },
      { className: "size-4 animate-spin size-4" },
      {},
    ]) {
      const light = renderToStaticMarkup(<Light {...props} />);
      expect(light).toBe(renderToStaticMarkup(<Icon {...props} />));
    }
  },
);

test("an icon's class names it and its other names (lucide's aliases)", () => {
  const Trash = lightIcon(Trash2);
  expect(renderToStaticMarkup(<Trash aria-hidden className="size-4" />)).toContain(
    'class="lucide lucide-trash lucide-trash-2 size-4"',
  );
});
