// The app's one table: columns declared once (header, cell, which one is the row's title). The same
// columns also lay each row out as a card on a phone (below the md breakpoint), so no list is wider
// than the screen and every row's actions stay in reach: the title column as the card's heading, the
// others as "header: value" lines. `cards={false}` keeps the table at every width (small tables of
// numbers). The title column is the row's
// header cell (<th scope="row">); every cell carries data-column={key} for tests and styles.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/** A column the list can be sorted by: its state now, and the address that sorts by it (or flips it). */
export interface ColumnSort {
  direction: "ascending" | "descending" | "none";
  href: string;
}

export interface Column<Row> {
  key: string;
  /** The header's text (or a visually hidden label for a column of buttons). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The row's title: its header cell here, a card's heading on a phone. One column per table. */
  title?: boolean;
  className?: string;
  /** On a card: the header is not repeated before the value (a column of buttons, say). */
  bareOnCard?: boolean;
  /** Sortable: the header becomes a link that sorts by it, and says how it is sorted (aria-sort). */
  sort?: ColumnSort;
}

const ARROWS = { ascending: "↑", descending: "↓", none: "↕" } as const;

function HeaderCell({ header, sort }: { header: ReactNode; sort?: ColumnSort }) {
  if (!sort) return header;
  return (
    <Link
      href={sort.href}
      scroll={false}
      className="inline-flex items-center gap-1 uppercase hover:text-slate-900 hover:underline"
    >
      {header}
      <span aria-hidden className={sort.direction === "none" ? "text-slate-500" : "text-slate-900"}>
        {ARROWS[sort.direction]}
      </span>
    </Link>
  );
}

interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** What the table holds, for screen readers (its accessible name). */
  label: string;
  /** Attributes of a row (and of its card), e.g. `data-resource-id`. */
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  /** "compact" for the small tables inside panels and charts. */
  density?: "regular" | "compact";
  /** Without the border and background (inside a panel that has them). */
  bare?: boolean;
  /** Each row as a card on a phone, the table from the md breakpoint up (the default). */
  cards?: boolean;
}

const CELL = { regular: "px-3 py-2", compact: "px-2 py-1" };

export function DataTable<Row>(props: DataTableProps<Row>) {
  if (props.cards === false) return <Table {...props} />;
  return (
    <>
      <Cards {...props} />
      <div className="hidden md:block">
        <Table {...props} />
      </div>
    </>
  );
}

function Table<Row>({
  columns,
  rows,
  rowKey,
  label,
  rowProps,
  density = "regular",
  bare = false,
}: DataTableProps<Row>) {
  const cell = CELL[density];
  return (
    // `relative`: a visually hidden header (sr-only, absolutely placed) stays inside the scrolling box
    // instead of widening the whole page on a phone.
    <div className={`relative overflow-x-auto ${bare ? "" : "rounded-lg border border-slate-200 bg-white"}`}>
      <table className={`w-full text-left ${density === "compact" ? "text-xs" : "text-sm"}`} aria-label={label}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cell}
                aria-sort={c.sort && c.sort.direction !== "none" ? c.sort.direction : undefined}
              >
                <HeaderCell header={c.header} sort={c.sort} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-100 align-top" {...rowProps?.(row)}>
              {columns.map((c) =>
                c.title ? (
                  <th
                    key={c.key}
                    scope="row"
                    data-column={c.key}
                    className={`${cell} font-medium ${c.className ?? ""}`}
                  >
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} data-column={c.key} className={`${cell} ${c.className ?? ""}`}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards<Row>({ columns, rows, rowKey, label, rowProps }: DataTableProps<Row>) {
  const title = columns.find((c) => c.title);
  const rest = columns.filter((c) => c !== title);
  // "Type:" in English, "Type :" in French (a narrow no-break space before the colon).
  const t = useTranslations("states");
  return (
    <ol aria-label={label} className="space-y-2 md:hidden">
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className="space-y-1 rounded-lg border border-slate-200 bg-white p-3 text-sm"
          {...rowProps?.(row)}
        >
          {title && <p className="font-medium">{title.cell(row)}</p>}
          <dl className="space-y-0.5">
            {rest.map((c) => (
              <div key={c.key} data-column={c.key} className="flex flex-wrap gap-x-2">
                {!c.bareOnCard && <dt className="text-slate-600">{t.rich("cardTerm", { term: () => c.header })}</dt>}
                <dd className="min-w-0 break-words">{c.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
