// A size in words, the one way the app writes one: "10 MB", "1.5 MB", "820 KB", « 10 Mo », « 1,5 Mo »,
// in the reader's units and number format, never a count of bytes ("11,534,336 bytes"). Counted in
// 1024s, as the platform's limit is (10 × 1024 × 1024 bytes reads "10 MB"); at most one decimal, none
// when the size is whole. A no-break space holds the number to its unit. Not server-only.

/** Each language's units, smallest first (French counts octets). */
const UNITS: Record<string, readonly string[]> = {
  en: ["B", "KB", "MB", "GB"],
  fr: ["o", "Ko", "Mo", "Go"],
};

/**
 * How a size between two tenths is rounded: "up" where the sentence says the size is over a limit
 * (10 MB and one byte reads "10.1 MB", not "10 MB"), "down" where it says "at most" or "at least".
 */
export type SizeRounding = "nearest" | "up" | "down";

const ROUND: Record<SizeRounding, (n: number) => number> = { nearest: Math.round, up: Math.ceil, down: Math.floor };

const NBSP = "\u00a0";

export function formatSize(bytes: number, locale: string, rounding: SizeRounding = "nearest"): string {
  const units = UNITS[locale.split("-")[0]] ?? UNITS.en;
  const whole = Math.max(0, bytes);
  if (whole < 1024) return `${new Intl.NumberFormat(locale).format(ROUND[rounding](whole))}${NBSP}${units[0]}`;
  let unit = 0;
  let value = whole;
  while (unit < units.length - 1 && value >= 1024) {
    value /= 1024;
    unit += 1;
  }
  let tenths = ROUND[rounding](value * 10) / 10;
  // 1023.96 KB rounds to 1024 KB: that is 1 MB.
  if (tenths >= 1024 && unit < units.length - 1) {
    unit += 1;
    tenths = ROUND[rounding]((value / 1024) * 10) / 10;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(tenths);
  return `${number}${NBSP}${units[unit]}`;
}
