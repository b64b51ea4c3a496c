// A titled part of a page: a card whose heading names the section for screen readers (labelled by
// the heading's id when given, else by the title). `aside` sits across from the heading (a link to
// the whole list, say); `tone="alert"` draws the border red, for a state that needs the reader.
import type { ReactNode } from "react";

export function Panel({
  id,
  title,
  heading = "h3",
  aside,
  tone = "normal",
  children,
}: {
  /** The heading's id, unique on the page. */
  id?: string;
  title: string;
  /** h2 where the panel is a top-level part of its page (the home pages). */
  heading?: "h2" | "h3";
  aside?: ReactNode;
  tone?: "normal" | "alert";
  children: ReactNode;
}) {
  const Heading = heading;
  const head = (
    // A title may hold a long unbroken token (an endpoint's path on Platform changes): it wraps rather
    // than widening a phone's page.
    <Heading id={id} className="min-w-0 font-semibold [overflow-wrap:anywhere]">
      {title}
    </Heading>
  );
  return (
    <section
      {...(id ? { "aria-labelledby": id } : { "aria-label": title })}
      className={`space-y-3 rounded-lg border bg-white p-4 ${tone === "alert" ? "border-red-300" : "border-slate-200"}`}
    >
      {aside ? (
        // When the heading and the aside do not fit side by side, the aside goes under the heading
        // rather than squeezing it until its words break letter by letter (French on a phone).
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          {head}
          {aside}
        </div>
      ) : (
        head
      )}
      {children}
    </section>
  );
}
