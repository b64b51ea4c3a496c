// A text kept for people to read later (a reconciliation run's error, a failure the browser noted):
// the app's own words are kept as a catalog key (with its values) and said in the reader's language;
// the platform's own words, and sentences a route already said, are shown as they are.
import { useTranslations } from "next-intl";

export function useStoredText(): (text: string, values?: Record<string, string | number>) => string {
  const say = useTranslations();
  return (text, values) => (say.has(text) ? say(text, values) : text);
}

export function StoredText({ text }: { text: string }) {
  return useStoredText()(text);
}
