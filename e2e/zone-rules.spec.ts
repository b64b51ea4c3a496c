// The app writes every time with its own copy of the zone rules (lib/format/zone-rules.ts), so that
// the server and the browser agree. That copy must also agree with the browsers people use: this
// asks Debian's chromium for the offset of each zone a clinic here is likely to choose, twice a month
// over three years, and compares it with the app's. When it fails, the browsers know newer rules:
// update moment-timezone (its data is the app's copy).
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import { unpackZone, zoneAt } from "@/lib/format/zone-rules";

const ZONES = [
  "America/St_Johns",
  "America/Halifax",
  "America/Toronto",
  "America/Winnipeg",
  "America/Regina",
  "America/Edmonton",
  "America/Vancouver",
  "America/Whitehorse",
  "America/New_York",
  "America/Los_Angeles",
  "Europe/Paris",
  "Asia/Kolkata",
  "Australia/Sydney",
];

const INSTANTS: number[] = [];
for (let year = 2025; year <= 2027; year++)
  for (let month = 0; month < 12; month++) for (const day of [1, 15]) INSTANTS.push(Date.UTC(year, month, day, 12));

const packed = createRequire(import.meta.url)("moment-timezone/data/packed/latest.json") as {
  version: string;
  zones: string[];
  links: string[];
};

function appRules(zone: string) {
  const direct = packed.zones.find((z) => z.startsWith(`${zone}|`));
  const link = packed.links.find((l) => l.endsWith(`|${zone}`));
  const target = direct ?? packed.zones.find((z) => link && z.startsWith(`${link.split("|")[0]}|`));
  if (!target) throw new Error(`no rules for ${zone}`);
  return unpackZone(target, zone);
}

test("the app's zone rules give the browser's offsets", async ({ page }) => {
  await page.goto("about:blank");
  const browser = await page.evaluate(
    ({ zones, instants }) =>
      zones.map((zone) => {
        const format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
        return instants.map((ms) => {
          const name = format.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "";
          const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
          return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
        });
      }),
    { zones: ZONES, instants: INSTANTS },
  );
  const disagreements: string[] = [];
  ZONES.forEach((zone, z) => {
    const rules = appRules(zone);
    INSTANTS.forEach((ms, i) => {
      const ours = zoneAt(rules, ms).offsetMinutes;
      if (ours !== browser[z]![i]) {
        disagreements.push(`${zone} ${new Date(ms).toISOString()}: app ${ours}, browser ${browser[z]![i]}`);
      }
    });
  });
  expect(disagreements, `moment-timezone data ${packed.version} against the browser`).toEqual([]);
  // The comparison covered every zone and instant (a page that answered nothing would not pass).
  expect(browser.flat()).toHaveLength(ZONES.length * INSTANTS.length);
});
