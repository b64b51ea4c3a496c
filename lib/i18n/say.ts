// The one shape of "words in the reader's language" that code below the pages takes as a parameter:
// next-intl's translators (useTranslations, getTranslations) and the server's translatorFor all fit
// it, so a summary, an alert or a record reads the same on a page, in an email and in a CSV.
// Not server-only: the browser's components pass their translator too.
export type Say = (key: string, values?: Record<string, string | number>) => string;
