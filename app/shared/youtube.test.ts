import { describe, expect, test } from "vitest";
import { extractYoutubeId, isYoutubeId, youtubeEmbedUrl } from "./youtube";

const ID = "dQw4w9WgXcQ";

describe("extractYoutubeId", () => {
  test.each([
    ["a watch URL", `https://www.youtube.com/watch?v=${ID}`],
    [
      "a watch URL with extra query parameters",
      `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s&list=PL123`,
    ],
    ["a watch URL without www", `https://youtube.com/watch?v=${ID}`],
    ["a mobile watch URL", `https://m.youtube.com/watch?v=${ID}&feature=youtu.be`],
    ["a watch URL over http", `http://www.youtube.com/watch?v=${ID}`],
    ["a watch URL without the scheme", `www.youtube.com/watch?v=${ID}`],
    ["a YouTube Music watch URL", `https://music.youtube.com/watch?v=${ID}&si=abc`],
    ["a short URL", `https://youtu.be/${ID}`],
    ["a short URL with a share code and a time", `https://youtu.be/${ID}?si=Xy12_ab&t=30`],
    ["a short URL without the scheme", `youtu.be/${ID}`],
    ["an embed URL", `https://www.youtube.com/embed/${ID}`],
    ["an embed URL with player options", `https://www.youtube.com/embed/${ID}?autoplay=1&rel=0`],
    ["a privacy-enhanced embed URL", `https://www.youtube-nocookie.com/embed/${ID}?start=10`],
    ["a Shorts URL", `https://www.youtube.com/shorts/${ID}`],
    ["a mobile Shorts URL with a share code", `https://m.youtube.com/shorts/${ID}?feature=share`],
    ["a live URL", `https://www.youtube.com/live/${ID}?si=abc`],
    ["an old /v/ URL", `https://www.youtube.com/v/${ID}`],
    ["a URL with capitals in the host", `https://WWW.YouTube.com/watch?v=${ID}`],
    ["a URL with spaces around it", `   https://youtu.be/${ID}  `],
    ["a bare id", ID],
    ["a bare id with spaces around it", ` ${ID}\n`],
  ])("finds the id in %s", (_name, input) => {
    expect(extractYoutubeId(input)).toBe(ID);
  });

  test("accepts every character a bare id may have: letters, digits, _ and -", () => {
    expect(extractYoutubeId("a-B_9z-Y_0Q")).toBe("a-B_9z-Y_0Q");
    expect(extractYoutubeId("https://youtu.be/a-B_9z-Y_0Q")).toBe("a-B_9z-Y_0Q");
  });

  test.each([
    ["a text that is not a link", "فيديو يوم المسن"],
    ["an id that is too short", "dQw4w9WgXc"],
    ["an id that is too long", "dQw4w9WgXcQQ"],
    ["an id with a character YouTube never uses", "dQw4w9WgX!Q"],
    ["a watch URL without v", "https://www.youtube.com/watch?list=PL123"],
    ["a watch URL whose v is malformed", "https://www.youtube.com/watch?v=short"],
    ["a channel URL", "https://www.youtube.com/@rifq"],
    ["another site using the same path", `https://vimeo.com/embed/${ID}`],
    ["a look-alike host", `https://youtube.com.evil.example/watch?v=${ID}`],
    ["a short URL without an id", "https://youtu.be/"],
  ])("keeps %s as typed", (_name, input) => {
    expect(extractYoutubeId(input)).toBe(input.trim());
  });

  test("trims what it keeps as typed", () => {
    expect(extractYoutubeId("  رابط غير معروف  ")).toBe("رابط غير معروف");
  });
});

describe("isYoutubeId", () => {
  test("is true only for 11 letters, digits, _ or -", () => {
    expect(isYoutubeId(ID)).toBe(true);
    expect(isYoutubeId("___________")).toBe(true);
    expect(isYoutubeId(`https://youtu.be/${ID}`)).toBe(false);
    expect(isYoutubeId("dQw4w9WgX Q")).toBe(false);
    expect(isYoutubeId("")).toBe(false);
  });
});

describe("addresses", () => {
  test("the player is YouTube's privacy-enhanced one, autoplaying only when asked", () => {
    expect(youtubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?rel=0`);
    expect(youtubeEmbedUrl(ID, { autoplay: true })).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?rel=0&autoplay=1`,
    );
  });
});
