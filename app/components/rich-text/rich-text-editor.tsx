import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Minus,
  Pilcrow,
  Quote,
  Redo2,
  TextCursorInput,
  Undo2,
  Video,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { cn } from "~/shared/cn";
import { cleanPastedHtml } from "./clean-paste";
import { EditorLoading } from "./editor-loading";
import { Figure, YoutubeVideo } from "./editor-nodes";
import { ImagePanel, LinkPanel, VideoPanel } from "./editor-panels";
import { normaliseLink } from "./link-rules";

/** How the editor is named: by a visible label's id, or by its own label. */
type EditorName = { labelId: string; label?: never } | { label: string; labelId?: never };

/**
 * The rich-text editor (Tiptap on ProseMirror), loaded only on the staff post form
 * (docs/decisions/030) and when an admin opens a page text of type html in edit mode
 * (docs/decisions/034). Its schema is the allowlist the server sanitizes to: paragraphs,
 * H2/H3, bold, italic, lists, quotes, links, images, YouTube videos and rules (`media` false:
 * no images or videos, as page texts). Anything pasted from Word, Google Docs or a web page is
 * parsed into that schema, so styles, fonts, tables and scripts are dropped on the way in.
 */
export default function RichTextEditor({
  initialHtml,
  onChange,
  describedBy,
  invalid,
  media = true,
  autofocus = false,
  ctrlEnterSaves = false,
  ...name
}: EditorName & {
  initialHtml: string;
  onChange: (html: string) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Images and YouTube videos (articles); page texts have neither. */
  media?: boolean;
  /** Focus the text, caret at its end, once the editor is ready. */
  autofocus?: boolean;
  /** Ctrl+Enter is left to the editor's owner (edit mode saves with it), not a line break. */
  ctrlEnterSaves?: boolean;
}) {
  const [panel, setPanel] = useState<"link" | "image" | "video" | null>(null);
  const editor = useEditor({
    immediatelyRender: false,
    // Gives every block a `dir` (RTL unless set), so the direction button can make one LTR.
    textDirection: "rtl",
    autofocus: autofocus ? "end" : false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          isAllowedUri: (url) => normaliseLink(url) !== null,
          HTMLAttributes: { rel: "noopener noreferrer", target: null },
        },
      }),
      ...(media ? [Figure, YoutubeVideo] : []),
    ],
    content: initialHtml,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
          setPanel("link");
          return true;
        }
        // Handled here so the editor inserts nothing; the key event still reaches the owner.
        if (ctrlEnterSaves && (event.ctrlKey || event.metaKey) && event.key === "Enter") {
          return true;
        }
        return false;
      },
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        ...(name.labelId
          ? { "aria-labelledby": name.labelId }
          : { "aria-label": name.label ?? "" }),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        dir: "rtl",
        class: cn("article-body px-5 py-4 focus:outline-none", media ? "min-h-80" : "min-h-32"),
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });

  if (!editor) return <EditorLoading media={media} />;
  return (
    <div
      className={cn(
        "rounded-xl border bg-white text-start text-base font-normal text-ink focus-within:border-primary",
        invalid ? "border-danger" : "border-line",
      )}
    >
      <Toolbar editor={editor} panel={panel} onPanel={setPanel} media={media} />
      {panel === "link" && <LinkPanel editor={editor} onClose={() => setPanel(null)} />}
      {panel === "image" && <ImagePanel editor={editor} onClose={() => setPanel(null)} />}
      {panel === "video" && <VideoPanel editor={editor} onClose={() => setPanel(null)} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({
  editor,
  panel,
  onPanel,
  media,
}: {
  editor: Editor;
  panel: string | null;
  onPanel: (panel: "link" | "image" | "video" | null) => void;
  media: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      paragraph: editor.isActive("paragraph"),
      h2: editor.isActive("heading", { level: 2 }),
      h3: editor.isActive("heading", { level: 3 }),
      bold: editor.isActive("bold"),
      italic: editor.isActive("italic"),
      bullet: editor.isActive("bulletList"),
      ordered: editor.isActive("orderedList"),
      quote: editor.isActive("blockquote"),
      link: editor.isActive("link"),
      ltr: editor.isActive({ dir: "ltr" }),
      canUndo: editor.can().undo(),
      canRedo: editor.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();
  const toggle = (name: "link" | "image" | "video") => onPanel(panel === name ? null : name);
  return (
    <div
      role="toolbar"
      aria-label="أدوات التنسيق"
      className="sticky top-0 z-10 flex flex-wrap gap-1 rounded-t-xl border-b border-line bg-surface p-1.5"
    >
      <Tool
        label="فقرة"
        keys="Control+Alt+0"
        active={state.paragraph}
        onClick={() => run().setParagraph().run()}
      >
        <Pilcrow />
      </Tool>
      <Tool
        label="عنوان رئيسي"
        keys="Control+Alt+2"
        active={state.h2}
        onClick={() => run().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 />
      </Tool>
      <Tool
        label="عنوان فرعي"
        keys="Control+Alt+3"
        active={state.h3}
        onClick={() => run().toggleHeading({ level: 3 }).run()}
      >
        <Heading3 />
      </Tool>
      <Separator />
      <Tool
        label="غامق"
        keys="Control+B"
        active={state.bold}
        onClick={() => run().toggleBold().run()}
      >
        <Bold />
      </Tool>
      <Tool
        label="مائل"
        keys="Control+I"
        active={state.italic}
        onClick={() => run().toggleItalic().run()}
      >
        <Italic />
      </Tool>
      <Tool
        label="رابط"
        keys="Control+K"
        active={state.link || panel === "link"}
        onClick={() => toggle("link")}
      >
        <Link2 />
      </Tool>
      <Separator />
      <Tool
        label="قائمة نقطية"
        keys="Control+Shift+8"
        active={state.bullet}
        onClick={() => run().toggleBulletList().run()}
      >
        <List />
      </Tool>
      <Tool
        label="قائمة مرقّمة"
        keys="Control+Shift+7"
        active={state.ordered}
        onClick={() => run().toggleOrderedList().run()}
      >
        <ListOrdered />
      </Tool>
      <Tool
        label="اقتباس"
        keys="Control+Shift+B"
        active={state.quote}
        onClick={() => run().toggleBlockquote().run()}
      >
        <Quote />
      </Tool>
      <Tool label="خط فاصل" onClick={() => run().setHorizontalRule().run()}>
        <Minus />
      </Tool>
      <Separator />
      {media && (
        <>
          <Tool label="صورة" active={panel === "image"} onClick={() => toggle("image")}>
            <ImagePlus />
          </Tool>
          <Tool label="فيديو يوتيوب" active={panel === "video"} onClick={() => toggle("video")}>
            <Video />
          </Tool>
        </>
      )}
      <Tool
        label={
          state.ltr ? "اتجاه الفقرة: من اليمين إلى اليسار" : "اتجاه الفقرة: من اليسار إلى اليمين"
        }
        active={state.ltr}
        onClick={() =>
          run()
            .setTextDirection(state.ltr ? "rtl" : "ltr")
            .run()
        }
      >
        <TextCursorInput />
      </Tool>
      <Separator />
      <Tool
        label="تراجع"
        keys="Control+Z"
        disabled={!state.canUndo}
        onClick={() => run().undo().run()}
      >
        <Undo2 />
      </Tool>
      <Tool
        label="إعادة"
        keys="Control+Shift+Z"
        disabled={!state.canRedo}
        onClick={() => run().redo().run()}
      >
        <Redo2 />
      </Tool>
    </div>
  );
}

const Separator = () => <span aria-hidden className="mx-1 w-px self-stretch bg-line" />;

/** One toolbar button: its Arabic name is the label and the tooltip, with its shortcut. */
function Tool({
  label,
  keys,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  keys?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const shortcut = keys?.replace("Control", "Ctrl");
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active ?? undefined}
      aria-keyshortcuts={keys}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex size-10 items-center justify-center rounded-lg text-ink hover:bg-primary-light disabled:opacity-40 aria-pressed:bg-primary aria-pressed:text-white [&>svg]:size-5"
    >
      {children}
    </button>
  );
}
