import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { moveFocusTo } from "~/components/focus";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { GalleryPicker, useGalleryImages } from "./gallery-picker";

/**
 * A post's share image (og:image), chosen from the gallery; empty means the featured image.
 * The field itself is read-only and holds the chosen image's address, so it is what the form
 * sends; the server checks it is an image of ours (docs/decisions/035).
 */
export function ShareImageField({
  meta,
  featuredImage,
  onChoose,
  hint = "الصورة التي تظهر عند مشاركة المقال. اختر صورة من المعرض، أو اتركها فارغة لتُستخدم الصورة البارزة.",
  withoutImage = "لا صورة للمشاركة: لم تُختر صورة بارزة بعد.",
}: {
  meta: FieldMetadata<string | undefined>;
  /** What the field is for (a page has no featured image to fall back on). */
  hint?: string;
  /** Said when neither a share image nor a featured image is there. */
  withoutImage?: string;
  /** The featured image shown when no share image is chosen. */
  featuredImage: string | null;
  onChoose: (url: string) => void;
}) {
  // The gallery is read (and shown) only when someone opens the choice.
  const [open, setOpen] = useState(false);
  const images = useGalleryImages(open);
  const chosen = meta.value || null;
  const shown = chosen ?? featuredImage;
  return (
    <div className="space-y-3">
      <InputField
        label="صورة المشاركة"
        meta={meta}
        dir="ltr"
        readOnly
        placeholder="الصورة البارزة"
        hint={hint}
      />
      <div className="flex flex-wrap items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={chosen ? "صورة المشاركة المختارة" : "الصورة البارزة (صورة المشاركة)"}
            className="h-20 w-28 rounded-lg object-cover"
          />
        ) : (
          <p className="text-sm text-muted">{withoutImage}</p>
        )}
        {chosen && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              onChoose("");
              // The button goes with the choice: focus moves to the field, not to <body>.
              requestAnimationFrame(() => moveFocusTo(document.getElementById(meta.id)));
            }}
          >
            استخدام الصورة البارزة
          </Button>
        )}
      </div>
      <details
        className="rounded-xl border border-line p-3"
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-primary">
          اختيار صورة المشاركة من المعرض
        </summary>
        {open && (
          <div className="mt-3">
            <GalleryPicker
              legend="صور المعرض"
              images={images}
              selected={chosen}
              onSelect={(image) => onChoose(image.imageUrl)}
            />
          </div>
        )}
      </details>
    </div>
  );
}
