// A titled part of a page: a card whose heading names the section for screen readers (the section
// is labelled by it). `tone="alert"` draws its border red, for a state that needs the reader.
import type { ReactNode } from "react";

export function Panel({
  id,
  title,
  tone = "normal",
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  tone?: "normal" | "alert";
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`space-y-3 rounded-lg border bg-white p-4 ${tone === "alert" ? "border-red-300" : "border-slate-200"}`}
    >
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
