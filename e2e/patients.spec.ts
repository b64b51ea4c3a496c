// The patients list end to end, against the sandbox: platform pages with a selectable size (up to
// 100), search, a link into the embedded feature per patient, and each clinic seeing only its own.
import { expect, test, type Page } from "@playwright/test";
import { PRACTITIONER, STAFF, signInAs } from "./support/session";

const rows = (page: Page) => page.locator("tr[data-patient-id]");
const pager = (page: Page) => page.getByRole("navigation", { name: "Pages of patients" });

async function total(page: Page): Promise<number> {
  const text = (await pager(page).textContent()) ?? "";
  const m = /· (\d+) patients/.exec(text);
  expect(m, text).not.toBeNull();
  return Number(m?.[1]);
}

async function ids(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-patient-id") ?? ""));
}

test("pages through the clinic's patients with a chosen page size, searches, and opens the embedded feature for one", async ({
  page,
}) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/patients");
  await expect(pager(page)).toContainText("Page 1 of");
  const count = await total(page);
  expect(count).toBeGreaterThan(25);
  await expect(rows(page)).toHaveCount(25);
  const first = await ids(page);

  await pager(page).getByRole("button", { name: "Next →" }).click();
  await expect(pager(page)).toContainText("Page 2 of");
  const second = await ids(page);
  expect(second.length).toBe(Math.min(25, count - 25));
  expect(second.some((id) => first.includes(id))).toBe(false);

  await pager(page).getByLabel("Per page").selectOption("100");
  await expect(pager(page)).toContainText(`Page 1 of ${Math.ceil(count / 100)}`);
  await expect(rows(page)).toHaveCount(Math.min(100, count));
  await pager(page).getByLabel("Per page").selectOption("10");
  await expect(rows(page)).toHaveCount(10);
  await expect(pager(page)).toContainText(`Page 1 of ${Math.ceil(count / 10)}`);

  const someone = rows(page).first();
  const lastName = ((await someone.getByRole("rowheader").textContent()) ?? "").trim().split(" ").pop() ?? "";
  await page.getByLabel("Search patients").fill(lastName.toUpperCase());
  await expect(pager(page)).toContainText("Page 1 of");
  await expect.poll(async () => total(page)).toBeLessThan(count);
  for (const name of await page.locator("tr[data-patient-id] th").allTextContents())
    expect(name.toLowerCase()).toContain(lastName.toLowerCase());

  // The search is in the address with the page size: a reload keeps both, the box shows the search.
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(lastName.toUpperCase());
  await expect(page).toHaveURL(/[?&]size=10\b/);
  await page.reload();
  await expect(page.getByLabel("Search patients")).toHaveValue(lastName.toUpperCase());
  await expect(rows(page).first()).toBeVisible();
  await expect(pager(page)).toContainText("Page 1 of");
  for (const name of await page.locator("tr[data-patient-id] th").allTextContents())
    expect(name.toLowerCase()).toContain(lastName.toLowerCase());

  await page.getByLabel("Search patients").fill("nobody-by-this-name");
  await expect(page.getByText("No patients match “nobody-by-this-name”")).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=nobody-by-this-name\b/);

  await page.getByLabel("Search patients").fill("");
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(rows(page)).toHaveCount(10);
  const id = (await ids(page))[0];
  const name = ((await rows(page).first().getByRole("rowheader").textContent()) ?? "").trim();
  const link = rows(page)
    .first()
    .getByRole("link", { name: /Open treatment plans for/ });
  await expect(link).toHaveAttribute("href", `/embedded?patient=${id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/embedded\\?patient=${id}$`));
  // The page says whom it is for by name (the list remembered it), without the platform's id.
  await expect(page.getByText(`for ${name}.`)).toBeVisible();
  await expect(page.getByText(`(${id})`)).toHaveCount(0);
  // The builder opens on that patient.
  await expect(page.frameLocator('iframe[title="Treatment plan builder"]').getByLabel("Patient")).toHaveValue(id, {
    timeout: 20_000,
  });
});

test("each clinic sees only its own patients", async ({ page, browser }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/patients");
  await pager(page).getByLabel("Per page").selectOption("100");
  await expect(rows(page).first()).toBeVisible();
  const mine = await ids(page);

  const other = await browser.newPage();
  await signInAs(other, STAFF, { clinicIndex: 1 });
  await other.goto("/patients");
  await pager(other).getByLabel("Per page").selectOption("100");
  await expect(rows(other).first()).toBeVisible();
  const theirs = await ids(other);
  expect(theirs.length).toBeGreaterThan(0);
  expect(theirs.some((id) => mine.includes(id))).toBe(false);
  await other.close();
});

test("the page arrives with the patients its address asks for, before any script runs", async ({ page, browser }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/patients?size=10&page=2");
  await expect(pager(page)).toContainText("Page 2 of");
  await expect(rows(page)).toHaveCount(10);
  const shown = await ids(page);

  // The same address without JavaScript: the server's HTML alone holds the same rows and pager.
  const bare = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
  });
  const html = await bare.newPage();
  await html.goto("/patients?size=10&page=2");
  await expect(pager(html)).toContainText("Page 2 of");
  expect(await ids(html)).toEqual(shown);
  await bare.close();
});
