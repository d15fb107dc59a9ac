import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";

/** The staff endpoint listing the gallery's images (and taking article uploads). */
export const GALLERY_IMAGES_PATH = "/admin/dashboard/posts/media";

export interface GalleryChoice {
  id: string;
  title: string;
  imageUrl: string;
}

/**
 * The gallery's images for a picker, read once `wanted` (at once by default): null while they
 * load, [] when they could not be read.
 */
export function useGalleryImages(wanted = true): GalleryChoice[] | null {
  const [images, setImages] = useState<GalleryChoice[] | null>(null);
  useEffect(() => {
    if (!wanted || images) return;
    fetch(GALLERY_IMAGES_PATH, { headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : { images: [] }))
      .then((body: { images: GalleryChoice[] }) => setImages(body.images))
      .catch(() => setImages([]));
  }, [wanted, images]);
  return images;
}

/**
 * The gallery's images as buttons, the chosen one pressed: the rich-text editor's image panel
 * and the post form's share image both pick with it.
 */
export function GalleryPicker({
  legend,
  images,
  selected,
  onSelect,
}: {
  legend: string;
  images: GalleryChoice[] | null;
  selected: string | null | undefined;
  onSelect: (image: GalleryChoice) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {images === null ? (
        <Loader2 aria-label="جارٍ التحميل" className="size-6 animate-spin text-muted" />
      ) : images.length === 0 ? (
        <p className="text-sm text-muted">لا توجد صور في المعرض بعد.</p>
      ) : (
        <div className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
          {images.map((image) => (
            <button
              key={image.id}
              type="button"
              aria-pressed={selected === image.imageUrl}
              onClick={() => onSelect(image)}
              className="rounded-lg border-3 border-transparent aria-pressed:border-primary"
            >
              <img
                src={image.imageUrl}
                alt={image.title}
                className="h-20 w-28 rounded object-cover"
              />
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}
