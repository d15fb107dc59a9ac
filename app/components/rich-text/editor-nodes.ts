import { mergeAttributes, Node } from "@tiptap/core";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    figure: {
      insertFigure: (attrs: { src: string; alt: string; caption?: string }) => ReturnType;
    };
    youtubeVideo: {
      insertYoutubeVideo: (id: string) => ReturnType;
    };
  }
}

/**
 * An image with its (required) alternative text and an optional caption, stored as
 * <figure><img src alt><figcaption>…</figcaption></figure>. A bare <img> (pasted from a web
 * page) is read as a figure too; the server keeps only our own uploads with alt text.
 */
export const Figure = Node.create({
  name: "figure",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: "" }, caption: { default: "" } };
  },
  parseHTML() {
    return [
      {
        tag: "figure",
        getAttrs: (element) => {
          const img = element.querySelector("img");
          if (!img) return false;
          return {
            src: img.getAttribute("src"),
            alt: img.getAttribute("alt") ?? "",
            caption: element.querySelector("figcaption")?.textContent?.trim() ?? "",
          };
        },
      },
      {
        tag: "img[src]",
        getAttrs: (element) => {
          const src = element.getAttribute("src") ?? "";
          if (!/^(\/uploads\/|https:\/\/)/.test(src)) return false;
          return { src, alt: element.getAttribute("alt") ?? "" };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const img = ["img", mergeAttributes({ src: node.attrs.src, alt: node.attrs.alt })] as const;
    return node.attrs.caption
      ? ["figure", img, ["figcaption", node.attrs.caption]]
      : ["figure", img];
  },
  addCommands() {
    return {
      insertFigure:
        (attrs) =>
        ({ commands }) =>
          // A paragraph after it, so typing goes on below instead of replacing the image.
          commands.insertContent([{ type: this.name, attrs }, { type: "paragraph" }]),
    };
  },
});

/**
 * A YouTube video, stored as its id only (<div data-youtube-id="…">); the public page shows
 * it in our click-to-load, privacy-enhanced player. In the editor it is a labelled box, so
 * nothing is fetched from YouTube while writing.
 */
export const YoutubeVideo = Node.create({
  name: "youtubeVideo",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-youtube-id"),
        renderHTML: (attrs) => ({ "data-youtube-id": attrs.id }),
      },
    };
  },
  parseHTML() {
    return [{ tag: "div[data-youtube-id]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["div", HTMLAttributes];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement("div");
      dom.contentEditable = "false";
      dom.setAttribute("data-youtube-id", node.attrs.id);
      dom.className =
        "my-4 flex aspect-video max-w-md items-center justify-center rounded-xl bg-primary-dark text-center text-white";
      dom.textContent = `فيديو يوتيوب (${node.attrs.id})`;
      return { dom };
    };
  },
  addCommands() {
    return {
      insertYoutubeVideo:
        (id) =>
        ({ commands }) =>
          commands.insertContent([{ type: this.name, attrs: { id } }, { type: "paragraph" }]),
    };
  },
});
