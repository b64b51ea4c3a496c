// One source of time zone rules for every time the app writes, on the server and in the browser.
// Node's own zone data (ICU) lags behind the browsers' (Node 20 ships tz 2025c; the browsers here
// know 2026's rules, e.g. British Columbia's permanent UTC-7): when each side asked its own runtime,
// the same instant read "07:04 PST" on the server and "08:04 PDT" in the browser, and React threw a
// hydration error. So the app's rules come from a packaged copy of the IANA database
// (moment-timezone's data, a dependency kept current like any other); the server loads it
// (./zone-data.ts) and hands the browser the rules of the one zone it shows (the clinic's).
// Pure: no runtime zone data is read here.

/** A zone's rules in the packed form's unpacked shape: from each `untils[i]` back, `offsets[i]`. */
export interface ZoneRules {
  name: string;
  abbrs: string[];
  /** Minutes WEST of UTC (moment-timezone's convention): 480 is UTC-8. */
  offsets: number[];
  /** Epoch milliseconds at which each period ends; the last is null (for ever). */
  untils: Array<number | null>;
}

function charToInt(code: number): number {
  if (code > 96) return code - 87;
  if (code > 64) return code - 29;
  return code - 48;
}

/** A base-60 number of the packed format ("8c.s", "-3tofL.w"). */
function base60(text: string): number {
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = (negative ? text.slice(1) : text).split(".");
  let out = 0;
  for (const ch of whole!) out = out * 60 + charToInt(ch.charCodeAt(0));
  let scale = 1;
  for (const ch of fraction) {
    scale /= 60;
    out += charToInt(ch.charCodeAt(0)) * scale;
  }
  return negative ? -out : out;
}

/** Unpacks one zone of moment-timezone's packed data: `name|abbrs|offsets|indices|untils|population`. */
export function unpackZone(packed: string, name?: string): ZoneRules {
  const [packedName, abbrList, offsetList, indexList, untilList] = packed.split("|");
  const abbrs = abbrList!.split(" ");
  const offsets = offsetList!.split(" ").map(base60);
  const indices = indexList!.split("").map((ch) => base60(ch));
  const deltas = untilList ? untilList.split(" ").map(base60) : [];
  const untils: Array<number | null> = [];
  let at = 0;
  for (let i = 0; i < indices.length; i++) {
    if (i === indices.length - 1) untils.push(null);
    else untils.push((at = Math.round(at + deltas[i]! * 60_000)));
  }
  return {
    name: name ?? packedName!,
    abbrs: indices.map((i) => abbrs[i]!),
    offsets: indices.map((i) => offsets[i]!),
    untils,
  };
}

/** The rules from `sinceMs` on. */
export function rulesSince(rules: ZoneRules, sinceMs: number): ZoneRules {
  const first = rules.untils.findIndex((u) => u === null || u > sinceMs);
  return {
    ...rules,
    abbrs: rules.abbrs.slice(first),
    offsets: rules.offsets.slice(first),
    untils: rules.untils.slice(first),
  };
}

/** The period of `rules` that contains the instant. */
function periodAt(rules: ZoneRules, ms: number): number {
  const i = rules.untils.findIndex((u) => u === null || ms < u);
  return i < 0 ? rules.untils.length - 1 : i;
}

/** Minutes EAST of UTC at the instant (-420 for UTC-7), and the zone's abbreviation then. */
export function zoneAt(rules: ZoneRules, ms: number): { offsetMinutes: number; abbr: string } {
  const i = periodAt(rules, ms);
  return { offsetMinutes: -rules.offsets[i]!, abbr: rules.abbrs[i]! };
}

/** The instant at which the wall clock of the zone reads `localMs` (a wall time written as if UTC). */
export function instantOfWallTime(rules: ZoneRules, localMs: number): number {
  // The offset at the guess, then once more at the corrected instant: right on either side of a change.
  const first = localMs - zoneAt(rules, localMs).offsetMinutes * 60_000;
  return localMs - zoneAt(rules, first).offsetMinutes * 60_000;
}

// Rules known in this runtime: the server registers a source for every zone (./zone-data.ts); the
// browser registers the clinic's zone's rules, which the root layout sends (components/ui/time-zone.tsx).
// Kept on globalThis: Next.js bundles server components, client components' server render and route
// handlers as separate module graphs in one process, and all of them must see the one source.
interface Registry {
  registered: Map<string, ZoneRules>;
  source: ((name: string) => ZoneRules | null) | null;
}
const KEY = Symbol.for("clinic-connect.zone-rules");
const registry = ((globalThis as Record<symbol, unknown>)[KEY] ??= {
  registered: new Map(),
  source: null,
} satisfies Registry) as Registry;

export function registerZoneRules(rules: ZoneRules): void {
  registry.registered.set(rules.name, rules);
}

export function setZoneRulesSource(load: (name: string) => ZoneRules | null): void {
  registry.source = load;
}

/** The rules of a zone, or null when this runtime has none (then callers fall back to Intl). */
export function zoneRules(name: string): ZoneRules | null {
  const known = registry.registered.get(name);
  if (known) return known;
  const loaded = registry.source?.(name) ?? null;
  if (loaded) registry.registered.set(name, loaded);
  return loaded;
}
