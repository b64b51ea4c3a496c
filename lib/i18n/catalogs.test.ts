// The catalogs stay whole and in step: every key in both languages, the same placeholders (names and
// kinds) in each, valid ICU syntax, and no key that no code uses. A key is used when some file of the
// product names it, whole or after a namespace it opened (`useTranslations("header")` then
// `t("signOut")`); a template literal (`sections.${key}.label`) covers the keys it can spell.
import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import enMain from "@/messages/en.json";
import frCAMain from "@/messages/fr-CA.json";
import enError from "@/messages/error/en.json";
import frCAError from "@/messages/error/fr-CA.json";
import { PRODUCT_FILES, leaves, namedBy, type Tree } from "@/tooling/testing/catalog-keys";

// Each locale's catalog is its main file and the error page's own (lib/auth/intl-request.ts merges them).
const en: Tree = { ...enMain, ...enError };
const CATALOGS: Record<string, Tree> = { en, "fr-CA": { ...frCAMain, ...frCAError } };

/** "name:kind" for every argument of a message, nested ones included, and each select's options. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) found.add(`${el.value}:argument`);
      else if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time)
        found.add(`${el.value}:${TYPE[el.type]}`);
      else if (el.type === TYPE.plural) {
        found.add(`${el.value}:plural`);
        for (const option of Object.values(el.options)) visit(option.value);
      } else if (el.type === TYPE.select) {
        found.add(`${el.value}:select(${Object.keys(el.options).sort().join("|")})`);
        for (const option of Object.values(el.options)) visit(option.value);
      } else if (el.type === TYPE.tag) {
        found.add(`<${el.value}>`);
        visit(el.children);
      }
    }
  };
  visit(parse(message));
  return [...found].sort();
}

/**
 * Where a French message's own words (not its ICU syntax) break the typographic rule: French sets a
 * narrow no-break space (U+202F) before : ; ? ! and inside « », so "Type :" never wraps apart. One
 * kind of space throughout, not a mix of U+00A0 and U+202F.
 */
function frenchSpacingFaults(message: string): string[] {
  const faults: string[] = [];
  const visit = (elements: MessageFormatElement[]) =>
    elements.forEach((el, index) => {
      if (el.type === TYPE.literal) {
        for (const m of el.value.matchAll(/[:;?!»]/g)) {
          const at = m.index;
          const before = at > 0 ? el.value[at - 1] : index > 0 ? "{" : "";
          // A mark inside a word is not punctuation: https://, 14:05, admin:grant, ?reason=.
          if (/\S/.test(el.value[at + 1] ?? " ") && /\S/.test(before || " ")) continue;
          if (before !== NARROW_NBSP) faults.push(el.value.slice(Math.max(0, at - 12), at + 1));
        }
        for (const m of el.value.matchAll(/«/g))
          if (el.value[m.index + 1] !== NARROW_NBSP) faults.push(el.value.slice(m.index, m.index + 12));
      } else if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) visit(option.value);
      else if (el.type === TYPE.tag) visit(el.children);
    });
  visit(parse(message));
  return faults;
}
const NARROW_NBSP = "\u202f";

const isUsed = namedBy(PRODUCT_FILES);

describe("message catalogs", () => {
  const english = leaves(en);

  it.each(Object.keys(CATALOGS))("%s has exactly the keys of every other catalog", (locale) => {
    const keys = [...leaves(CATALOGS[locale]).keys()].sort();
    for (const other of Object.values(CATALOGS)) expect(keys).toEqual([...leaves(other).keys()].sort());
  });

  it.each(Object.keys(CATALOGS).filter((l) => l !== "en"))(
    "%s: each message has the placeholders of English",
    (locale) => {
      const translated = leaves(CATALOGS[locale]);
      const differing = [...english].filter(([key, text]) => {
        const other = translated.get(key);
        return other !== undefined && placeholders(other).join() !== placeholders(text).join();
      });
      expect(differing.map(([key]) => key)).toEqual([]);
    },
  );

  it("fr-CA: a narrow no-break space before : ; ? ! and inside « »", () => {
    const faults = [...leaves(CATALOGS["fr-CA"])].flatMap(([key, text]) =>
      frenchSpacingFaults(text).map((fault) => `${key}: ${fault}`),
    );
    expect(faults).toEqual([]);
  });

  it("the spacing check notices a plain space, no space and the wrong space", () => {
    expect(frenchSpacingFaults("Type : {type}")).toHaveLength(1);
    expect(frenchSpacingFaults("{name}: {message}")).toHaveLength(1);
    expect(frenchSpacingFaults("Supprimer\u00a0?")).toHaveLength(1);
    expect(frenchSpacingFaults("« {name}\u202f»")).toHaveLength(1);
    expect(frenchSpacingFaults("{n, plural, one {Type\u202f: #} other {Types : #}}")).toHaveLength(1);
    expect(
      frenchSpacingFaults("«\u202f{name}\u202f» à 14:05, voir https://x\u202f; {total, number, ::currency/CAD}"),
    ).toEqual([]);
  });

  it("every key is used by the code", () => {
    expect([...english.keys()].filter((key) => !isUsed(key))).toEqual([]);
  });

  it("the check itself notices a missing placeholder and an unused key", () => {
    expect(placeholders("{n, plural, one {# item} other {# items}} for {who}")).toEqual(["n:plural", "who:argument"]);
    expect(placeholders("{n, plural, one {# article} other {# articles}}")).not.toEqual(
      placeholders("{n, plural, one {# item} other {# items}} for {who}"),
    );
    expect(() => placeholders("{n, plural, one {# item}")).toThrow();
    expect(isUsed("header.thisKeyIsNowhere")).toBe(false);
    expect(isUsed("header.signOut")).toBe(true);
  });
});
