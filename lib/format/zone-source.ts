// The time zone rules from moment-timezone's packed IANA database (see ./zone-rules.ts for why the
// app does not ask Node's own zone data), loaded once, unpacked per zone on demand. Importing this
// module registers it as the source. The app imports it through ./zone-data.ts, which keeps it out of
// the browser's bundles; the end-to-end tests, which run outside Next.js, import it here.
import { createRequire } from "node:module";
import { rulesSince, setZoneRulesSource, unpackZone, type ZoneRules } from "@/lib/format/zone-rules";

interface PackedData {
  version: string;
  zones: string[];
  links: string[];
}

const require = createRequire(import.meta.url);
let packedByName: Map<string, string> | null = null;
let dataVersion = "";

function packed(): Map<string, string> {
  if (packedByName) return packedByName;
  const data = require("moment-timezone/data/packed/latest.json") as PackedData;
  const byName = new Map<string, string>();
  for (const zone of data.zones) byName.set(zone.slice(0, zone.indexOf("|")), zone);
  for (const link of data.links) {
    const [target, alias] = link.split("|") as [string, string];
    const zone = byName.get(target);
    if (zone) byName.set(alias, zone);
  }
  dataVersion = data.version;
  return (packedByName = byName);
}

/** The IANA release the rules come from, e.g. "2026f". */
export function zoneDataVersion(): string {
  packed();
  return dataVersion;
}

/**
 * A zone's rules from 1970 on (no instant the app shows is older), the same on the server and in the
 * browser: a page sends these for its zone, a few kilobytes instead of the whole database.
 */
export function loadZoneRules(name: string): ZoneRules | null {
  const zone = packed().get(name);
  return zone ? rulesSince(unpackZone(zone, name), 0) : null;
}

setZoneRulesSource(loadZoneRules);
