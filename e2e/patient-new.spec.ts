// "Add a patient" end to end, against the sandbox: a practitioner adds a patient from the patients
// list and lands on their page, named at once (the platform sends no event for it) and with the
// builder a link away; the same email again is refused in words, with a link to the patient who has
// it, and nothing typed is lost; mistakes are said beside their fields, the first one focused; staff
// can add patients too.
import { expect, test, type Page } from "@playwright/test";
import { PRACTITIONER, STAFF, signInAs } from "./support/session";
import { toastSaying } from "./support/toasts";
import { axeProblems } from "./support/axe";

// Letters only, this run's own: the patients list searches by name.
const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
const SURNAME = `Quennell${RUN}`;
const EMAIL = `amara.${RUN}@mail.example`;

const field = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: typeof label === "string" });

async function fillRequired(page: Page, first: string, last: string, email: string) {
  await field(page, "First name").fill(first);
  await field(page, "Last name").fill(last);
  await field(page, "Email").fill(email);
}

test("a practitioner adds a patient from the list and lands on their page, named, with the builder a link away", async ({
  page,
}) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/patients");
  await page.getByRole("link", { name: "Add a patient" }).click();
  await expect(page).toHaveURL(/\/patients\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add a patient" })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  await fillRequired(page, "Amara", SURNAME, EMAIL);
  await field(page, "Date of birth (optional)").fill("1984-02-29");
  await field(page, "Sex (optional)").selectOption({ label: "Female" });
  await field(page, "Mobile number (optional)").fill("(604) 555-0199");
  await field(page, "Patient discount in % (optional)").fill("10");
  await expect(page.getByRole("checkbox", { name: "Send a welcome email" })).toBeChecked();
  await page.getByRole("button", { name: "Add patient" }).click();

  await expect(page).toHaveURL(/\/patients\/pat_[^/]+$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  await expect(toastSaying(page, `Amara ${SURNAME} was added to your clinic.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Amara ${SURNAME}` })).toBeVisible();
  // The platform's record, streamed in: what was typed, in the platform's forms.
  await expect(page.getByRole("main")).toContainText(EMAIL);
  await expect(page.getByRole("main")).toContainText("+16045550199");
  // The builder opens on them from here.
  await expect(page.locator(`a[href*="/embedded?patient=${id}"]`).first()).toBeVisible();

  // The list names them at once, and finds them by name.
  await page.goto(`/patients?q=${SURNAME}`);
  await expect(page.locator(`tr[data-patient-id="${id}"]`)).toContainText(`Amara ${SURNAME}`);
});

test("the same email again is refused in words, with a link to the patient who has it, and the form kept", async ({
  page,
}) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/patients/new");
  await fillRequired(page, "Other", SURNAME, EMAIL.toUpperCase());
  await field(page, "Patient discount in % (optional)").fill("5");
  await page.getByRole("button", { name: "Add patient" }).click();

  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "The patient was not added: another patient of your clinic already has this email.",
  );
  const email = field(page, "Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  // Beside the field, and read with it (after its hint on sharing an address).
  await expect(email).toHaveAccessibleDescription(
    /dependent.*Another patient of your clinic already has this email\.$/,
  );
  // Everything typed is still there.
  await expect(field(page, "First name")).toHaveValue("Other");
  await expect(field(page, "Last name")).toHaveValue(SURNAME);
  await expect(email).toHaveValue(EMAIL.toUpperCase());
  await expect(field(page, "Patient discount in % (optional)")).toHaveValue("5");

  await page.getByRole("link", { name: `Open the patient who has ${EMAIL.toUpperCase()}` }).click();
  await expect(page).toHaveURL(/\/patients\?q=/);
  await expect(page.locator("tr[data-patient-id]")).toHaveCount(1);
  await expect(page.locator("tr[data-patient-id]")).toContainText(`Amara ${SURNAME}`);
});

test("mistakes are said beside their fields, the first one focused, and a fix is accepted", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/patients/new");
  await field(page, "Last name").fill(`Mistake${RUN}`);
  await field(page, "Email").fill("not-an-address");
  await field(page, "Patient discount in % (optional)").fill("50");
  await page.getByRole("button", { name: "Add patient" }).click();

  await expect(page.getByRole("main").getByRole("alert")).toContainText("Please correct the highlighted fields.");
  const first = field(page, "First name");
  await expect(first).toBeFocused();
  await expect(first).toHaveAccessibleDescription("Type the patient's first name.");
  await expect(field(page, "Email")).toHaveAccessibleDescription(/such as name@example\.com/);
  await expect(field(page, "Patient discount in % (optional)")).toHaveAccessibleDescription(/from 0 to 35/);
  await expect(field(page, "Last name")).toHaveValue(`Mistake${RUN}`);
  expect(await axeProblems(page)).toEqual([]);

  await first.fill("Fixed");
  await field(page, "Email").fill(`fixed.${RUN}@mail.example`);
  await field(page, "Patient discount in % (optional)").fill("");
  await page.getByRole("button", { name: "Add patient" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Fixed Mistake${RUN}` })).toBeVisible();
});

test("a staff member can add a patient too", async ({ page }) => {
  await signInAs(page, STAFF);
  await page.goto("/patients");
  await page.getByRole("link", { name: "Add a patient" }).click();
  await fillRequired(page, "Staffed", SURNAME, `staffed.${RUN}@mail.example`);
  await page.getByRole("checkbox", { name: "Send a welcome email" }).uncheck();
  await page.getByRole("button", { name: "Add patient" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Staffed ${SURNAME}` })).toBeVisible();
  await expect(page).toHaveURL(/\/patients\/pat_[^/]+$/);
});

test("a patient added in the app gets a plan at once: the builder opens on them and the plan shows on their page", async ({
  page,
}) => {
  const surname = `Ravensdale${RUN}`;
  await signInAs(page, PRACTITIONER);
  await page.goto("/patients/new");
  await fillRequired(page, "Ines", surname, `ines.${RUN}@mail.example`);
  await page.getByRole("button", { name: "Add patient" }).click();
  await expect(page).toHaveURL(/\/patients\/pat_[^/]+$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  // A new patient has no plan yet.
  await expect(page.getByRole("region", { name: "Treatment plans", exact: true })).toContainText(
    "No treatment plans on the platform.",
  );

  await page
    .getByRole("navigation", { name: "On the platform, for this patient" })
    .getByRole("link", { name: "New treatment plan" })
    .click();
  // The platform's library tokenized what the app knows of them: the builder opens on them.
  const builder = page.frameLocator('iframe[title="Treatment plan builder"]');
  await expect(builder.getByLabel("Patient")).toHaveValue(id, { timeout: 20_000 });
  await builder.getByRole("button", { name: "Add recommendation" }).click();
  await builder.getByRole("button", { name: "Activate plan" }).click();
  await expect(builder.getByRole("status")).toHaveText("Treatment plan activated.");
  await expect(page.getByRole("status", { name: "Treatment plan updates" })).toContainText(
    `Treatment plan activated for Ines ${surname}.`,
  );

  // Their page reads their plans from the platform: the new one is there, active.
  await page.goto(`/patients/${id}`);
  await expect(page.getByRole("region", { name: "Treatment plans", exact: true })).toContainText(
    "Active plan · 1 product",
  );
});
