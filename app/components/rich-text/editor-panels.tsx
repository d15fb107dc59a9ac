import type { Editor } from "@tiptap/react";
import { Loader2, Upload } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import {
  GALLERY_IMAGES_PATH,
  GalleryPicker,
  useGalleryImages,
} from "~/components/admin/gallery-picker";
import { imageFileProblem } from "~/components/admin/image-upload-field";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import type { ActionResult } from "~/shared/action-result";
import { cn } from "~/shared/cn";
import { extractYoutubeId, isYoutubeId } from "~/shared/youtube";
import { LINK_INVALID, normaliseLink } from "./link-rules";

/**
 * A small form under the toolbar. It lives inside the post's <form>, so it is a group of
 * fields whose Enter key applies it, never a nested form that would submit the post.
 */
function Panel({
  title,
  onApply,
  onClose,
  applyLabel = "إدراج",
  error,
  children,
}: {
  title: string;
  onApply: () => void;
  onClose: () => void;
  applyLabel?: string;
  error?: string | null;
  children: ReactNode;
}) {
  const errorId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.target as HTMLElement).tagName === "INPUT") {
      event.preventDefault();
      onApply();
    }
    if (event.key === "Escape") {
      // Closes this panel only, not the editor around it (a page text's Escape cancels it).
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would not be announced better, and the panel is not a form
    <div
      role="group"
      aria-label={title}
      aria-describedby={error ? errorId : undefined}
      onKeyDown={onKeyDown}
      className="space-y-3 border-b border-line bg-primary-light/50 p-4"
    >
      <p className="font-medium">{title}</p>
      {children}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={onApply}>
          {applyLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          إلغاء
        </Button>
      </div>
    </div>
  );
}

function PanelInput({
  label,
  value,
  onChange,
  dir,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  dir?: "ltr" | "rtl";
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={cn(inputClass, "py-2")}
        value={value}
        dir={dir}
        // biome-ignore lint/a11y/noAutofocus: the panel was just opened to type this
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}

export function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [href, setHref] = useState<string>(editor.getAttributes("link").href ?? "");
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const link = normaliseLink(href);
    if (!link) return setError(LINK_INVALID);
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({
        type: "text",
        text: link,
        marks: [{ type: "link", attrs: { href: link } }],
      });
    } else {
      chain.setLink({ href: link });
    }
    chain.run();
    onClose();
  };
  return (
    <Panel title="إضافة رابط" onApply={apply} onClose={onClose} applyLabel="تطبيق" error={error}>
      <PanelInput label="عنوان الرابط" value={href} onChange={setHref} dir="ltr" autoFocus />
      {editor.isActive("link") && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onClose();
          }}
        >
          إزالة الرابط
        </Button>
      )}
    </Panel>
  );
}

export const VIDEO_INVALID = "الصق رابط فيديو من يوتيوب، مثل https://youtu.be/…";

export function VideoPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const id = extractYoutubeId(link);
    if (!isYoutubeId(id)) return setError(VIDEO_INVALID);
    editor.chain().focus().insertYoutubeVideo(id).run();
    onClose();
  };
  return (
    <Panel title="إدراج فيديو من يوتيوب" onApply={apply} onClose={onClose} error={error}>
      <PanelInput label="رابط الفيديو" value={link} onChange={setLink} dir="ltr" autoFocus />
    </Panel>
  );
}

export const ALT_REQUIRED = "اكتب وصفاً للصورة لمن لا يراها (النص البديل)";
const CHOOSE_IMAGE = "اختر صورة من المعرض أو ارفع صورة جديدة";

export function ImagePanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const images = useGalleryImages();
  const [src, setSrc] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [caption, setCaption] = useState("");
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    const problem = imageFileProblem(file);
    if (problem) return setError(problem);
    setUploading(true);
    setError(null);
    const body = new FormData();
    body.set("image", file);
    try {
      const response = await fetch(GALLERY_IMAGES_PATH, { method: "POST", body });
      const result = (await response.json()) as ActionResult<{ url: string }>;
      if (!result.ok) throw new Error(result.message);
      setSrc(result.url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "فشل في رفع الصورة");
    } finally {
      setUploading(false);
    }
  }

  const apply = () => {
    if (!src) return setError(CHOOSE_IMAGE);
    if (!alt.trim()) return setError(ALT_REQUIRED);
    editor.chain().focus().insertFigure({ src, alt: alt.trim(), caption: caption.trim() }).run();
    onClose();
  };

  return (
    <Panel title="إدراج صورة" onApply={apply} onClose={onClose} error={error}>
      <GalleryPicker
        legend="صور المعرض"
        images={images}
        selected={src}
        onSelect={(image) => {
          setSrc(image.imageUrl);
          if (!alt) setAlt(image.title);
        }}
      />
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-primary">
        {uploading ? (
          <Loader2 aria-hidden className="size-4 animate-spin" />
        ) : (
          <Upload aria-hidden className="size-4" />
        )}
        رفع صورة جديدة
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      {src && <img src={src} alt="" className="h-28 rounded-lg object-cover" />}
      <PanelInput label="النص البديل (مطلوب)" value={alt} onChange={setAlt} />
      <PanelInput label="التعليق تحت الصورة (اختياري)" value={caption} onChange={setCaption} />
    </Panel>
  );
}
