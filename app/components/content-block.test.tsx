import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { blockId, SHARED_BLOCK_PATH, type StoredBlock } from "~/shared/content-blocks";
import { BlockScope, BlocksProvider, Html, Text } from "./content-block";

const stored = (value: string, type: StoredBlock["type"] = "text"): StoredBlock => ({
  value,
  type,
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const render = (node: React.ReactNode) => renderToStaticMarkup(node);

test("a block shows its stored value for its own page path, else its default", () => {
  const blocks = { [blockId("/about", "page-title")]: stored("من نحن اليوم") };
  const html = render(
    <BlocksProvider value={blocks} paths={["/about", SHARED_BLOCK_PATH]}>
      <BlockScope path="/about">
        <Text k="page-title" as="h1" className="text-3xl" id="title">
          من نحن
        </Text>
      </BlockScope>
      <BlockScope path={SHARED_BLOCK_PATH}>
        <Text k="page-title">عنوان مشترك</Text>
      </BlockScope>
    </BlocksProvider>,
  );
  expect(html).toBe(
    '<h1 class="text-3xl" id="title" data-block="page-title">من نحن اليوم</h1>' +
      '<span data-block="page-title">عنوان مشترك</span>',
  );
});

test("while a page's texts are not loaded yet, its blocks pulse with their defaults", () => {
  const html = render(
    <BlocksProvider value={{}} paths={["/", SHARED_BLOCK_PATH]}>
      <BlockScope path="/donate">
        <Text k="page-title" as="h1">
          تبرع الآن
        </Text>
        <Html k="intro" html="<p>نص</p>" />
      </BlockScope>
    </BlocksProvider>,
  );
  expect(html).toContain(
    '<span class="animate-pulse opacity-70" aria-busy="true">تبرع الآن</span>',
  );
  expect(html).toContain(
    '<div class="animate-pulse opacity-70" data-block="intro" aria-busy="true"><p>نص</p></div>',
  );
});

test("visitors get plain markup: no edit affordance without an admin's edit mode", () => {
  const html = render(<Text k="hero-title">عنوان</Text>);
  expect(html).toBe('<span data-block="hero-title">عنوان</span>');
});

test("an html block renders stored html, but a stored plain text only as text", () => {
  const blocks = {
    [blockId("/", "a")]: stored("<p><strong>مهم</strong></p>", "html"),
    [blockId("/", "b")]: stored("<b>ليس وسماً</b>", "text"),
  };
  const html = render(
    <BlocksProvider value={blocks}>
      <BlockScope path="/">
        <Html k="a" html="<p>أ</p>" />
        <Html k="b" html="<p>ب</p>" />
      </BlockScope>
    </BlocksProvider>,
  );
  expect(html).toContain('<div data-block="a"><p><strong>مهم</strong></p></div>');
  expect(html).toContain('<div data-block="b">&lt;b&gt;ليس وسماً&lt;/b&gt;</div>');
});

test("a stored text with line breaks keeps them", () => {
  const blocks = { [blockId("/", "lines")]: stored("سطر أول\nسطر ثانٍ") };
  const html = render(
    <BlocksProvider value={blocks}>
      <BlockScope path="/">
        <Text k="lines" as="p">
          نص
        </Text>
      </BlockScope>
    </BlocksProvider>,
  );
  expect(html).toBe('<p class="whitespace-pre-line" data-block="lines">سطر أول\nسطر ثانٍ</p>');
});
