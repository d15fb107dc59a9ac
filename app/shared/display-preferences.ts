/**
 * The reader's text size and contrast (issue 13, docs/decisions/029). Kept in cookies so the
 * server renders the page at the chosen size from the first byte; read the same way on both sides.
 */
export const TEXT_SIZES = ["100", "125", "150"] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
/** "system" follows the device's `prefers-contrast` setting. */
export const CONTRASTS = ["system", "more", "normal"] as const;
export type Contrast = (typeof CONTRASTS)[number];

export interface DisplayPreferences {
  textSize: TextSize;
  contrast: Contrast;
}

export const TEXT_SIZE_COOKIE = "rifq_text_size";
export const CONTRAST_COOKIE = "rifq_contrast";
export const DEFAULT_DISPLAY: DisplayPreferences = { textSize: "100", contrast: "system" };

const ONE_YEAR = 60 * 60 * 24 * 365;

function cookieValue(cookieHeader: string | null | undefined, name: string) {
  return cookieHeader?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((candidate) => candidate === value);

export function readDisplayPreferences(
  cookieHeader: string | null | undefined,
): DisplayPreferences {
  return {
    textSize: oneOf(TEXT_SIZES, cookieValue(cookieHeader, TEXT_SIZE_COOKIE)) ?? "100",
    contrast: oneOf(CONTRASTS, cookieValue(cookieHeader, CONTRAST_COOKIE)) ?? "system",
  };
}

/** A short key of the preferences, for caches that keep one page per way of showing it. */
export const displayKey = (cookieHeader: string | null | undefined) => {
  const { textSize, contrast } = readDisplayPreferences(cookieHeader);
  return `${textSize}-${contrast}`;
};

/** Set-Cookie values (a year; readable by the page script, which applies a choice at once). */
export function displayCookies({ textSize, contrast }: Partial<DisplayPreferences>): string[] {
  const cookie = (name: string, value: string) =>
    `${name}=${value}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
  return [
    textSize && cookie(TEXT_SIZE_COOKIE, textSize),
    contrast && cookie(CONTRAST_COOKIE, contrast),
  ].filter((value): value is string => Boolean(value));
}

/** The attributes of <html> that app.css sizes and colours the page by. */
export function displayAttributes({ textSize, contrast }: DisplayPreferences) {
  return {
    "data-text-size": textSize === "100" ? undefined : textSize,
    "data-contrast": contrast === "system" ? undefined : contrast,
  };
}

export const parseTextSize = (value: unknown) => oneOf(TEXT_SIZES, value);
export const parseContrast = (value: unknown) => oneOf(CONTRASTS, value);
