// An action's result in the caller's language: its message and field errors are catalog keys (with
// values) until here, where they become sentences. Text that is not a key (a platform's own words,
// which the app passes on as they are) is left alone.
import "server-only";
import type { ActionResult } from "@/lib/results/result";
import type { Translator } from "@/lib/i18n/translator";

export function say(t: Translator, text: string, values?: Record<string, string | number>): string {
  return t.has(text) ? t(text, values) : text;
}

export function localizeResult<T>(t: Translator, result: ActionResult<T>): ActionResult<T> {
  const { values, ...rest } = result;
  if (rest.message === undefined) return rest;
  const message = say(t, rest.message, values);
  if (rest.ok) return { ...rest, message };
  const errors: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(rest.errors)) errors[field] = list.map((e) => say(t, e));
  return { ...rest, message, errors };
}
