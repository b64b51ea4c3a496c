import { expect, test } from "@playwright/test";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { signInAsClinicAdmin } from "./support/clinic-admin";
import { PRACTITIONER, currentSession, signInAs } from "./support/session";
import { pageShade } from "./support/theme";

test("signed out, the home page offers only the way in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Clinic Connect");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/signin/);
});

test("signed in, the navigation offers the sections of the user's roles", async ({ page }) => {
  // The second practitioner of the second clinic: a practitioner, so not an admin (unless promoted).
  await signInAs(page, PRACTITIONER, { clinicIndex: 1, nth: 1 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const expected =
    (await currentSession(page)).user?.role === "Admin"
      ? ["Resources", "Patients", "Treatment plans", "Events", "Catalog & labs", "Admin"]
      : ["Resources", "Patients", "Treatment plans", "Events", "Catalog & labs"];
  await expect(nav.getByRole("link")).toHaveText(expected);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("the health route tells an anonymous caller only that the app is up", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: E2E_ENV.APP_URL });
  const response = await anonymous.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "up" });
  await anonymous.dispose();
});

test("the health route reports the database and the platform to an admin", async ({ page }) => {
  await signInAsClinicAdmin(page, 1);
  const response = await page.request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: "ok", database: { reachable: true }, platform: { reachable: true } });
  expect(typeof body.version).toBe("string");
});

test("pages refuse to be framed by other sites", async ({ request }) => {
  const response = await request.get("/");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
});

test("the theme follows the system until the person picks one, which is kept and rendered on the server", async ({
  page,
}) => {
  await signInAs(page, PRACTITIONER);
  const shade = () => pageShade(page);
  const theme = page.getByLabel("Theme");

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(theme).toHaveValue("system");
  await expect.poll(shade).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(shade).toBe("light");

  // Dark, chosen while the system is light: applied at once, and kept through a reload.
  await theme.selectOption("dark");
  await expect.poll(shade).toBe("dark");
  await page.reload();
  await expect(theme).toHaveValue("dark");
  await expect.poll(shade).toBe("dark");
  // The server writes the choice into the page itself, so the first paint is already dark.
  const html = await (await page.request.get("/")).text();
  expect(html).toMatch(/<html lang="en" class="dark"/);

  // Light, chosen while the system is dark.
  await page.emulateMedia({ colorScheme: "dark" });
  await theme.selectOption("light");
  await expect.poll(shade).toBe("light");
  await page.reload();
  await expect.poll(shade).toBe("light");

  // Back to the system: the choice is forgotten and the page follows the (dark) system again.
  await theme.selectOption("system");
  await expect.poll(shade).toBe("dark");
  await page.reload();
  await expect(theme).toHaveValue("system");
  expect(await (await page.request.get("/")).text()).toMatch(/<html lang="en">/);
});
