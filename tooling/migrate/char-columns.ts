// adapter-pg bug 2: its type mapping has no entry for PostgreSQL's `"char"` (OID 18), the one-byte
// type pg_catalog uses for relkind, contype, attidentity…, so any engine query that selects one
// throws UnsupportedNativeDataType, and the engine cannot describe a schema. The engine wants those
// columns as its Character type (it reads contype with `as char`; plain text makes it panic).
// Fix in two halves: our pg client relabels such fields as text with a marked name before the
// adapter maps them (the value is already the one-letter string), then restoreCharColumns turns the
// marked columns back into Character columns with their real names.
import pg from "pg";
import { ColumnTypeEnum, type SqlResultSet } from "@prisma/driver-adapter-utils";

const CHAR_OID = 18;
const TEXT_OID = 25;
const MARK = "\u0000char";

type Fields = { fields?: { name: string; dataTypeID: number }[] } | null;

function relabel(result: unknown): void {
  for (const one of Array.isArray(result) ? result : [result]) {
    for (const field of (one as Fields)?.fields ?? []) {
      if (field.dataTypeID !== CHAR_OID) continue;
      field.dataTypeID = TEXT_OID;
      field.name += MARK;
    }
  }
}

/** A pg client whose results never carry OID 18 (`Pool({ Client: CharAsTextClient })`). */
export class CharAsTextClient extends pg.Client {}

type LooseQuery = (this: pg.Client, ...args: unknown[]) => unknown;
const baseQuery = pg.Client.prototype.query as unknown as LooseQuery;
(CharAsTextClient.prototype as unknown as { query: LooseQuery }).query = function (...args) {
  const callback = args.at(-1);
  if (typeof callback === "function") {
    args[args.length - 1] = (error: unknown, result: unknown) => {
      if (!error) relabel(result);
      callback(error, result);
    };
    return baseQuery.apply(this, args);
  }
  const pending = baseQuery.apply(this, args);
  if (!(pending instanceof Promise)) return pending;
  return pending.then((result: unknown) => {
    relabel(result);
    return result;
  });
};

export function restoreCharColumns(result: SqlResultSet): SqlResultSet {
  if (!result.columnNames.some((name) => name.endsWith(MARK))) return result;
  return {
    ...result,
    columnNames: result.columnNames.map((name) => (name.endsWith(MARK) ? name.slice(0, -MARK.length) : name)),
    columnTypes: result.columnTypes.map((type, i) =>
      result.columnNames[i]?.endsWith(MARK) ? ColumnTypeEnum.Character : type,
    ),
  };
}
