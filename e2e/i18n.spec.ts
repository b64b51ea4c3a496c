// The app in Canadian French: a browser asking for fr-CA gets every page in French from the first
// byte (`<html lang="fr-CA">`), through the main flows: sign in, upload a resource, filter the
// timeline, an admin action, and a platform error with its request id. The language switch changes
// the language at once and is remembered: in the browser (a cookie) and for the user (their row),
// so another browser of theirs opens in the language they chose, whatever it asks for.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { FILES } from "@/sandbox/testing/files";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { CLINIC_ADMIN, FRONT_DESK, PRACTITIONER, SANDBOX, sandboxActivity, sandboxControl } from "./support/session";
import { LIVE, ensureActivated, registerWebhookEndpoint, signInAsClinicAdmin } from "./support/clinic-admin";

test.use({ locale: "fr-CA" });

/** Signs in through the app's French sign-in page and the sandbox's (English) authorize page. */
async function signInInFrench(page: Page, who: RegExp): Promise<void> {
  await page.goto("/signin");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connexion");
  await page.getByRole("button", { name: "Se connecter avec la plateforme" }).click();
  await page.waitForURL(`${SANDBOX}/api/oauth/authorize**`);
  await page.getByRole("group").first().getByRole("button", { name: who }).first().click();
  await page.waitForURL(`${E2E_ENV.APP_URL}/**`);
  await expect(page).not.toHaveURL(/\/signin/);
}

const tag = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A treatment plan of the first practitioner's, through the platform's webhook: the upload form's
 * plan picker lists it. Made here, in English (the admin helpers' words), so the French flow does not
 * depend on another spec having made one first.
 */
async function givePractitionerAPlan(browser: Browser): Promise<void> {
  const context = await browser.newContext({ locale: "en-CA" });
  const page = await context.newPage();
  await signInAsClinicAdmin(page, 0);
  await registerWebhookEndpoint(page);
  const clinic = await ensureActivated(page, 0);
  const seed = await sandboxControl<{ clinics: Array<{ practitioners: Array<{ id: string }> }> }>(page, "seed");
  const patient = await sandboxActivity(page, clinic.id, "patient.created", {
    first_name: "Élodie",
    last_name: tag("Plan"),
    practitioner_id: seed.clinics[0]!.practitioners[0]!.id,
  });
  await sandboxActivity(page, clinic.id, "treatment_plan.created", {
    patient_id: (patient.data.patient as { id: string }).id,
  });
  await context.close();
}

test.beforeEach(async ({ page }) => {
  await sandboxControl(page, "faults", { clear: true });
});

test("the first byte is French: the server-rendered HTML of the sign-in page", async ({ page }) => {
  const response = await page.request.get("/signin", { headers: { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" } });
  const html = await response.text();
  expect(html).toMatch(/<html lang="fr-CA"/);
  expect(html).toContain("Se connecter avec la plateforme");
  expect(html).not.toContain("Sign in with the platform");
  // The browser gets the client components' namespaces only, not the server pages' words (here the
  // alerts page's), in the HTML's payload (lib/i18n/client-messages.ts).
  expect(html).not.toContain("Les livraisons de webhooks, les connexions et la clé de la clinique sont vérifiées");
});

test("a practitioner signs in, uploads a resource and filters the timeline, all in French", async ({
  page,
  browser,
}) => {
  await givePractitionerAPlan(browser);
  await signInInFrench(page, PRACTITIONER);
  // The plan's event is processed a moment after it arrives: its page lists it then.
  await expect(async () => {
    await page.goto("/plans");
    await expect(page.locator("[data-plan-id]").first()).toBeAttached({ timeout: 1_000 });
  }).toPass(LIVE);
  await expect(
    page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Ressources" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();

  await page.goto("/resources");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(page.getByRole("heading", { name: "Téléverser des ressources" })).toBeVisible();
  await expect(page.getByText(/jusqu'à 10\s?Mo par fichier/)).toBeVisible();
  const name = `${tag("fr")}-guide.pdf`;
  await page
    .getByLabel("Choisir les fichiers à téléverser")
    .setInputFiles([{ name, mimeType: "application/pdf", buffer: FILES.pdf }]);
  const item = page.getByRole("listitem", { name });
  await item.getByLabel("Type").selectOption({ label: "Plan alimentaire" });
  // The practitioner's treatment plans, each named in French: patient · state · products · date.
  await expect(
    item
      .getByLabel("Plan de traitement (facultatif)")
      .locator("option")
      .filter({ hasText: /^.+ · (actif|brouillon) · \d+ produits? · \d/ })
      .first(),
  ).toBeAttached();
  await page.getByRole("button", { name: "Téléverser 1 fichier" }).click();
  await expect(item.getByRole("status")).toHaveText("Téléversé", { timeout: 20_000 });

  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Événements");
  await page.getByLabel("Catégorie", { exact: true }).selectOption({ label: "Commandes" });
  await expect(page).toHaveURL(/category=orders/);
  await expect(page.getByRole("search", { name: "Filtrer les événements" })).toBeVisible();
  const rows = page.locator("tr[data-event-id]");
  await expect(rows.first().or(page.getByText("Aucun événement ne correspond encore à ces filtres."))).toBeVisible();
  if ((await rows.count()) > 0) await expect(rows.first()).toContainText(/Commande \S+ passée par/);
});

test("a platform failure is said in French with its request id", async ({ page }) => {
  await signInInFrench(page, PRACTITIONER);
  await page.goto("/resources");
  const name = `${tag("fr-fail")}.pdf`;
  await page
    .getByLabel("Choisir les fichiers à téléverser")
    .setInputFiles([{ name, mimeType: "application/pdf", buffer: FILES.pdf }]);
  await sandboxControl(page, "faults", {
    fail_next: { count: 1, status: 503, path_prefix: "/api/clinic/practitioners/", method: "POST" },
  });
  await page.getByRole("button", { name: "Téléverser 1 fichier" }).click();
  const item = page.getByRole("listitem", { name });
  await expect(item.getByRole("status")).toHaveText("Non téléversé", { timeout: 20_000 });
  await expect(item.getByRole("alert")).toContainText("La plateforme est injoignable pour le moment");
  await expect(item.getByRole("alert")).toContainText(/Numéro de requête\u202f: \S+/);
});

test("an admin action answers in French", async ({ page }) => {
  await signInInFrench(page, CLINIC_ADMIN);
  await page.goto("/admin/alerts");
  await expect(page.getByRole("heading", { level: 2, name: "Alertes" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sections de l'administration" })).toBeVisible();
  await page.getByRole("button", { name: "Vérifier maintenant" }).click();
  // Said beside the button and in a toast (both in French).
  await expect(
    page.getByText("Vérification en cours. Les nouvelles alertes s'affichent ici d'ici une minute.").first(),
  ).toBeVisible();
  // sonner's own words are the app's too.
  await expect(page.getByRole("button", { name: "Fermer la notification" }).first()).toBeAttached();
});

test("the audit trail reads in French: actions, details and the filter", async ({ page }) => {
  await signInInFrench(page, CLINIC_ADMIN);
  await page.goto("/admin/audit?action=auth.signed_in");
  await expect(page.getByRole("heading", { level: 2, name: "Journal d'audit" })).toBeVisible();
  const signIn = page.locator('tr[data-audit-action="auth.signed_in"]').first();
  await expect(signIn).toContainText("Connexion");
  await expect(signIn).toContainText("administrateur·rice\u202f: oui");
  await expect(page.getByLabel("Action", { exact: true })).toHaveValue("auth.signed_in");
  await expect(
    page.getByLabel("Action", { exact: true }).locator("option", { hasText: "A supprimé une ressource" }),
  ).toBeAttached();
  await expect(
    page.getByLabel("Personne", { exact: true }).locator("option", { hasText: "Clinic Connect (automatique)" }),
  ).toBeAttached();
});

async function freshFrenchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "fr-CA", baseURL: E2E_ENV.APP_URL });
  return context.newPage();
}

test("the switch changes the language at once and is remembered, in this browser and for the user", async ({
  page,
  browser,
}) => {
  await signInInFrench(page, FRONT_DESK);
  const switchTo = (label: string) =>
    page.getByRole("group", { name: /Langue|Language/ }).getByRole("button", { name: label });
  await switchTo("English").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(switchTo("English")).toHaveAttribute("aria-pressed", "true");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  // Another browser asking for French, with no cookie: the user's choice wins once they sign in.
  const other = await freshFrenchPage(browser);
  try {
    await signInInFrench(other, FRONT_DESK);
    await expect(other.locator("html")).toHaveAttribute("lang", "en");
    await expect(other.getByRole("button", { name: "Sign out" })).toBeVisible();
  } finally {
    await other.context().close();
  }

  await switchTo("Français").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  // Left in English, as the other specs read this user's pages in English.
  await switchTo("English").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
