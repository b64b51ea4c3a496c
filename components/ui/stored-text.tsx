// A text the server stored for people to read later (a reconciliation run's error): the app's own
// words are stored as a catalog key and said in the reader's language; the platform's own words are
// stored as they came and shown as they are.
import { useTranslations } from "next-intl";

export function useStoredText(): (text: string) => string {
  const say = useTranslations();
  return (text) => (say.has(text) ? say(text) : text);
}

export function StoredText({ text }: { text: string }) {
  return useStoredText()(text);
}
