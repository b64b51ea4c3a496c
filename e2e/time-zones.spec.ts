// Times on the clinic's clock, with the browser in another zone's clock: the admin sets the clinic's
// zone on the settings page (offered their browser's), then an event a few minutes before local
// midnight shows its local time and zone, the date filter on that day lists it and the next day does
// not, and the chart's count of that day agrees. Vancouver (UTC-8 on a March night; UTC-7 in the winter of
// 2027, where Node's and PostgreSQL's zone data still say UTC-8 and the browser's says UTC-7) and
// Kolkata (UTC+5:30); each on days of its own, so they do not meet. The clinic's zone is put back
// afterwards.
import { createHmac } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";
import { seedClinic, signInAsClinicAdmin } from "./support/clinic-admin";

const CLINIC = 0;
const SECRET: string = LOCAL_DEFAULTS.webhookSecret;

/** Delivers a signed webhook of an event created at `createdAt` (as the platform would). */
async function deliver(page: Page, id: string, clinicId: string, createdAt: string): Promise<void> {
  const body = JSON.stringify({
    event: {
      id,
      type: "patient.updated",
      clinic_id: clinicId,
      integration_id: null,
      created_at: createdAt,
      data: { patient: { id: `p-${id}`, first_name: "Ada", last_name: "Zone" } },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac("sha256", SECRET).update(`${t}.${body}`).digest("hex")}`;
  const response = await page.request.post("/api/webhooks/clinic", {
    data: Buffer.from(body, "utf8"),
    headers: { "content-type": "application/json", "Service-Signature": signature },
  });
  expect(response.status()).toBe(200);
}

async function setClinicZone(page: Page, zone: string): Promise<void> {
  await page.goto("/admin/settings");
  await page.getByLabel("Clinic time zone").selectOption(zone);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("time-zone-status")).toContainText(`Set to ${zone} on `);
}

const row = (page: Page, id: string) => page.locator(`tr[data-event-id="${id}"]`);
/** The time a row shows (beside it, for screen readers, its exact time: the same here, a week and more away). */
const shownTime = (page: Page, id: string) => row(page, id).locator("time > [aria-hidden]");
const chart = (page: Page) => page.getByRole("img", { name: /Events per day by category/ });

for (const c of [
  {
    zone: "America/Vancouver",
    tag: "tz-vancouver",
    // 07:55 UTC on 8 March is 23:55 on 7 March in Vancouver (PST, before that morning's change to PDT).
    late: { at: "2026-03-08T07:55:00.000Z", day: "2026-03-07", shown: "7 Mar 2026, 23:55:00 PST" },
    early: { at: "2026-03-08T08:05:00.000Z", day: "2026-03-08", shown: "8 Mar 2026, 00:05:00 PST" },
    chartDay: "7 Mar",
  },
  {
    zone: "America/Vancouver",
    tag: "tz-vancouver-2027",
    // From November 2026 British Columbia stays on UTC-7 (Node's and PostgreSQL's older data say UTC-8 in
    // winter): 06:55 UTC on 15 January 2027 is 23:55 on the 14th. A day past the seeded history, so the
    // chart's count of it is these events alone.
    late: { at: "2027-01-15T06:55:00.000Z", day: "2027-01-14", shown: "14 Jan 2027, 23:55:00 Pacific time" },
    early: { at: "2027-01-15T07:05:00.000Z", day: "2027-01-15", shown: "15 Jan 2027, 00:05:00 Pacific time" },
    chartDay: "14 Jan",
  },
  {
    zone: "Asia/Kolkata",
    tag: "tz-kolkata",
    // 18:25 UTC on 14 February is 23:55 on the 14th in Kolkata; 18:35 is 00:05 on the 15th.
    late: { at: "2026-02-14T18:25:00.000Z", day: "2026-02-14", shown: "14 Feb 2026, 23:55:00 GMT+5:30" },
    early: { at: "2026-02-14T18:35:00.000Z", day: "2026-02-15", shown: "15 Feb 2026, 00:05:00 GMT+5:30" },
    chartDay: "14 Feb",
  },
]) {
  test.describe(`a clinic in ${c.zone} (${c.late.day})`, () => {
    test.use({ timezoneId: c.zone });

    test("shows, filters and counts an event near midnight on the clinic's day, naming the zone", async ({ page }) => {
      // The server's render and the browser's must write the same times (React reports a mismatch).
      const hydration: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" && /hydrat|#418|#425/i.test(m.text())) hydration.push(m.text());
      });
      const clinic = await seedClinic(page, CLINIC);
      await signInAsClinicAdmin(page, CLINIC);
      await page.goto("/admin/settings");
      const status = (await page.getByTestId("time-zone-status").textContent()) ?? "";
      const before = /^Set to (\S+) on /.exec(status)?.[1] ?? DEFAULT_CLINIC_TIME_ZONE;
      // Unchosen, the list starts on the browser's zone.
      if (status.startsWith("Not chosen")) await expect(page.getByLabel("Clinic time zone")).toHaveValue(c.zone);
      try {
        await setClinicZone(page, c.zone);
        // The same ids on a retry: stored once, so the day still holds one event.
        const [late, early] = [`${c.tag}-late`, `${c.tag}-early`];
        await deliver(page, late, clinic.id, c.late.at);
        await deliver(page, early, clinic.id, c.early.at);

        await page.goto(`/events?date=${c.late.day}`);
        await expect(row(page, late)).toBeVisible();
        await expect(shownTime(page, late)).toHaveText(c.late.shown);
        await expect(row(page, early)).toHaveCount(0);
        // The chart counts an event once the job queue has processed it: reloaded until then.
        await expect(async () => {
          await page.reload();
          await expect(chart(page)).toHaveAccessibleName(
            new RegExp(`, ${c.chartDay} to ${c.chartDay}: 1 in all \\(\\w+ 1\\)\\.$`),
            { timeout: 1000 },
          );
        }).toPass();
        // The drawer says the same.
        await row(page, late).getByTestId("event-summary").click();
        await expect(page.getByRole("dialog")).toContainText(c.late.shown);
        await page.keyboard.press("Escape");

        await page.goto(`/events?date=${c.early.day}`);
        await expect(row(page, early)).toBeVisible();
        await expect(shownTime(page, early)).toHaveText(c.early.shown);
        await expect(row(page, late)).toHaveCount(0);

        // The export of the late day holds the late event only, on the clinic's clock.
        const csv = await (await page.request.get(`/api/events/export?date=${c.late.day}`)).text();
        expect(csv).toContain(late);
        expect(csv).not.toContain(early);
        expect(csv).toContain(`,${c.zone},${c.late.at},`);
        expect(hydration).toEqual([]);
      } finally {
        if (before !== c.zone) await setClinicZone(page, before);
      }
    });
  });
}
