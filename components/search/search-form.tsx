"use client";
// The search page's own field: the address's search in it, Enter (or the button) searching again as
// a new page of the history. Opened without a search (the phone header's search button), it takes
// the focus, so typing can start at once. A refused search is said beside the field.
import Form from "next/form";
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { SEARCH_MAX } from "@/lib/search/limits";

export function SearchForm({
  value,
  scope,
  error,
  focus,
}: {
  value: string;
  /** What the person's search covers (lib/search/parts.ts searchScope). */
  scope: string;
  /** Why the search was not run, in words. */
  error?: string;
  focus: boolean;
}) {
  const t = useTranslations("search.form");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  return (
    <Form action="/search" role="search" aria-label={t("label")} className="flex max-w-xl items-start gap-2">
      <Field label={t("label")} hint={t("hint", { scope })} errors={error ? [error] : undefined} className="flex-1">
        {(p) => (
          <input
            {...p}
            // A new search in the address (Back, Forward) puts its words back in the field.
            key={value}
            ref={input}
            name="q"
            type="search"
            defaultValue={value}
            maxLength={SEARCH_MAX}
            className={inputClass}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" className="mt-6">
        {t("submit")}
      </Button>
    </Form>
  );
}
