// The resource library end to end, against the sandbox: upload of every allowed type with per-file
// progress; refusals in the browser and on the server (a disallowed type, a renamed executable); a
// failed file beside a successful one; edit, replace, delete; optimistic rollback; pagination and
// filters; staff acting for a practitioner; another practitioner's resource out of reach.
import { expect, test, type Page } from "@playwright/test";
import { FILES } from "@/sandbox/testing/files";
import { PRACTITIONER, STAFF, sandboxControl, signInAs } from "./support/session";
import { toastSaying } from "./support/toasts";
import { SCREEN_SIZES } from "./support/sizes";
import { holdScripts } from "./support/held-scripts";

interface SeedUser {
  id: string;
  first_name: string;
  last_name: string;
}
interface SeedClinic {
  id: string;
  practitioners: SeedUser[];
}

const MIME = {
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  doc: "application/msword",
  gif: "image/gif",
  exe: "application/x-msdownload",
} as const;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

/** A real PDF one byte over the 10 MiB limit. */
const TOO_BIG = Buffer.concat([FILES.pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - FILES.pdf.length)]);

/** A tag unique to one test, so names never collide with other tests' uploads in the shared sandbox. */
const tag = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function clinics(page: Page): Promise<SeedClinic[]> {
  return (await sandboxControl<{ clinics: SeedClinic[] }>(page, "seed")).clinics;
}

const byName = (user: SeedUser) => new RegExp(`^Sign in as ${user.first_name} ${user.last_name} \\(Practitioner\\)$`);

/** Creates a resource through the app's upload route (as the signed-in user) and returns its id. */
async function uploadDirect(page: Page, name: string, extra: Record<string, string> = {}): Promise<string> {
  const response = await page.request.post("/api/resources", {
    multipart: {
      name,
      save_to_library: "true",
      ...extra,
      file: { name: `${name}.pdf`, mimeType: MIME.pdf, buffer: FILES.pdf },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).resource.id;
}

const dropzoneInput = (page: Page) => page.getByLabel("Choose files to upload");
const uploadItem = (page: Page, fileName: string) => page.getByRole("listitem", { name: fileName });
const row = (page: Page, id: string) => page.locator(`tr[data-resource-id="${id}"]`);
const search = (page: Page) => page.getByRole("search").getByLabel("Search by name");

/** The app's answer to the delete server action for this resource (sent once its Undo has passed). */
const deleteAnswered = (page: Page, id: string) =>
  page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      !!r.request().headers()["next-action"] &&
      !!r.request().postData()?.includes(id),
  );

/** Deletes `name` from its row, through the confirmation dialog. */
async function confirmDelete(page: Page, id: string, name: string): Promise<void> {
  await row(page, id)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  await page.getByRole("dialog", { name: "Delete this resource?" }).getByRole("button", { name: "Delete" }).click();
}

test.beforeEach(async ({ page }) => {
  await sandboxControl(page, "faults", { clear: true });
});

test("uploads one file of each allowed type, each with its own fields and a progress bar", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/resources");
  await expect(page.getByText(/JPG, JPEG, PNG, PDF, DOC, XLSX, PPTX · up to 10\s?MB per file/)).toBeVisible();
  const t = tag("each");
  const files = [
    { name: `${t}-photo.jpg`, mimeType: MIME.jpg, buffer: FILES.jpg },
    { name: `${t}-photo.jpeg`, mimeType: MIME.jpg, buffer: FILES.jpg },
    { name: `${t}-chart.png`, mimeType: MIME.png, buffer: FILES.png },
    { name: `${t}-guide.pdf`, mimeType: MIME.pdf, buffer: FILES.pdf },
    { name: `${t}-notes.doc`, mimeType: MIME.doc, buffer: FILES.doc },
    { name: `${t}-plan.xlsx`, mimeType: XLSX, buffer: FILES.xlsx },
    { name: `${t}-talk.pptx`, mimeType: PPTX, buffer: FILES.pptx },
  ];
  await dropzoneInput(page).setInputFiles(files);
  for (const f of files) await expect(uploadItem(page, f.name)).toBeVisible();

  const guide = uploadItem(page, `${t}-guide.pdf`);
  await guide.getByLabel("Name", { exact: true }).fill(`${t} Sleep guide`);
  await guide.getByLabel("Type").selectOption("Guide");
  await guide.getByLabel("Category").selectOption("Lifestyle");
  await uploadItem(page, `${t}-plan.xlsx`).getByLabel("Save to my resource library").uncheck();

  await page.getByRole("button", { name: "Upload 7 files" }).click();
  for (const f of files) {
    const item = uploadItem(page, f.name);
    await expect(item.getByRole("status")).toHaveText("Uploaded", { timeout: 20_000 });
    await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  }

  await search(page).fill(t);
  await expect(page.locator("tr[data-resource-id]")).toHaveCount(7);
  const sleep = page.getByRole("row", { name: new RegExp(`${t} Sleep guide`) });
  await expect(sleep).toContainText("Guide");
  await expect(sleep).toContainText("Lifestyle");
  await expect(sleep).toContainText(`${t}-guide.pdf`);
  await expect(
    page.getByRole("row", { name: new RegExp(`${t}-plan`) }).getByRole("cell", { name: "No", exact: true }),
  ).toBeVisible();
});

test("a slow upload's progress bar moves through the values in between, as the bytes go out", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/resources");
  const t = tag("slow");
  // 2 MiB at 512 KiB/s (Chromium's own network throttling): about four seconds of real upload progress.
  const big = {
    name: `${t}-scan.pdf`,
    mimeType: MIME.pdf,
    buffer: Buffer.concat([FILES.pdf, Buffer.alloc(2 * 1024 * 1024)]),
  };
  await dropzoneInput(page).setInputFiles([big]);
  const item = uploadItem(page, big.name);
  await expect(item).toBeVisible();
  // Every value the item's bar takes, recorded in the page as it changes (polling could miss them).
  // The bar appears when the upload starts, so the whole item is watched.
  await item.evaluate((li) => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const value = li.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
      if (value != null && Number(value) !== seen.at(-1)) seen.push(Number(value));
    }).observe(li, { attributes: true, childList: true, subtree: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(item.getByRole("status")).toHaveText("Uploaded", { timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  const between = seen.filter((v) => v > 0 && v < 100);
  expect(between.length, `values seen: ${seen.join(", ")}`).toBeGreaterThanOrEqual(3);
  expect(seen).toEqual([...seen].sort((a, b) => a - b)); // it only ever moves forward
  expect(seen.at(-1)).toBe(100);
});

test("refuses a disallowed type and a renamed executable, in the browser and again on the server", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/resources");
  const t = tag("refuse");
  await dropzoneInput(page).setInputFiles([
    { name: `${t}-anim.gif`, mimeType: MIME.gif, buffer: FILES.gif },
    { name: `${t}-guide.pdf`, mimeType: MIME.pdf, buffer: FILES.exe },
    { name: `${t}-ok.pdf`, mimeType: MIME.pdf, buffer: FILES.pdf },
    { name: `${t}-big.pdf`, mimeType: MIME.pdf, buffer: TOO_BIG },
  ]);
  const refused = page.getByRole("alert").filter({ hasText: "Not accepted" });
  await expect(refused.locator(`[data-refused="${t}-big.pdf"]`)).toContainText("larger than 10 MB");
  await expect(refused.locator(`[data-refused="${t}-anim.gif"]`)).toContainText(".gif files are not accepted");
  await expect(refused.locator(`[data-refused="${t}-guide.pdf"]`)).toContainText("not a real PDF");
  await expect(uploadItem(page, `${t}-ok.pdf`)).toBeVisible();
  await expect(page.locator("[data-upload]")).toHaveCount(1);

  // The browser can be bypassed: the route checks the content itself.
  for (const file of [
    { name: `${t}-guide.pdf`, mimeType: MIME.pdf, buffer: FILES.exe, says: /not a real PDF/ },
    { name: `${t}-setup.exe`, mimeType: MIME.exe, buffer: FILES.exe, says: /\.exe files are not accepted/ },
    { name: `${t}-anim.gif`, mimeType: MIME.gif, buffer: FILES.gif, says: /\.gif files are not accepted/ },
  ]) {
    const response = await page.request.post("/api/resources", {
      multipart: { name: file.name, save_to_library: "true", file },
    });
    expect(response.status()).toBe(422);
    const body = await response.json();
    expect(body.errors.file.join(" ")).toMatch(file.says);
  }
  const big = await page.request.post("/api/resources", {
    multipart: { name: "big", save_to_library: "true", file: { name: "big.pdf", mimeType: MIME.pdf, buffer: TOO_BIG } },
  });
  expect(big.status()).toBe(413);
  expect((await big.json()).message).toBe("The file is larger than the limit of 10\u00a0MB.");
});

// A replacement file refused in the edit dialog is said once, beside the file field (not again in a
// box below it), its sizes in words ("10 MB", never a count of bytes), at a desk and on a phone.
for (const [screen, size] of Object.entries(SCREEN_SIZES))
  test(`the edit dialog says a refused replacement once, in MB, at a ${screen}`, async ({ page }) => {
    // An 11 MB file takes a while to reach the browser on a busy machine.
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    await signInAs(page, PRACTITIONER);
    const t = tag("once");
    const id = await uploadDirect(page, `${t} handout`);
    await page.goto("/resources");
    await search(page).fill(t);
    // A row at a desk, a card on a phone.
    await page
      .locator(`[data-resource-id="${id}"]`)
      .filter({ visible: true })
      .getByRole("button", { name: `Edit ${t} handout` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Edit “${t} handout”` });
    const input = dialog.getByLabel("Replace the file (optional)");

    // 11 MB, over the 10 MB limit.
    const eleven = Buffer.concat([FILES.pdf, Buffer.alloc(11 * 1024 * 1024 - FILES.pdf.length)]);
    await input.setInputFiles({ name: `${t}-big.pdf`, mimeType: MIME.pdf, buffer: eleven });
    const sentence = /The file is larger than 10\sMB, the most the platform accepts \(it is 11\sMB\)\./;
    await expect(dialog.getByRole("alert")).toHaveText(sentence, { timeout: 60_000 });
    await expect(dialog.getByText(sentence)).toHaveCount(1);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    const text = await dialog.innerText();
    expect(text).not.toMatch(/bytes|10\.0|11,534,336/);
    expect(text).toMatch(/up to 10\sMB/);

    // A type not accepted: once too.
    await input.setInputFiles({ name: `${t}-anim.gif`, mimeType: MIME.gif, buffer: FILES.gif });
    await expect(dialog.getByRole("alert")).toHaveCount(1);
    await expect(dialog.getByRole("alert")).toContainText(".gif files are not accepted");
    await expect(dialog.getByText(".gif files are not accepted")).toHaveCount(1);
    await expect(dialog.getByText(sentence)).toHaveCount(0);

    // The route says the same in the same words when the browser is bypassed.
    const answer = await page.request.put(`/api/resources/${id}`, {
      multipart: {
        name: `${t} handout`,
        save_to_library: "true",
        file: { name: "big.pdf", mimeType: MIME.pdf, buffer: eleven },
      },
    });
    expect(answer.status()).toBe(413);
    expect(JSON.stringify(await answer.json())).not.toMatch(/bytes|10\.0/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

test("a file the platform refuses fails with its own message and request id while the other goes through", async ({
  page,
}) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/resources");
  await expect(page.locator("tr[data-resource-id]").first()).toBeVisible();
  const t = tag("mixed");
  const first = `${t}-first.pdf`;
  const second = `${t}-second.png`;
  await dropzoneInput(page).setInputFiles([
    { name: first, mimeType: MIME.pdf, buffer: FILES.pdf },
    { name: second, mimeType: MIME.png, buffer: FILES.png },
  ]);
  // Files go one at a time, in order: the platform's next answer on the resources path fails the first.
  await sandboxControl(page, "faults", {
    fail_next: { count: 1, status: 503, path_prefix: "/api/clinic/practitioners/", method: "POST" },
  });
  await page.getByRole("button", { name: "Upload 2 files" }).click();

  await expect(uploadItem(page, second).getByRole("status")).toHaveText("Uploaded", { timeout: 20_000 });
  const failed = uploadItem(page, first);
  await expect(failed.getByRole("status")).toHaveText("Not uploaded");
  await expect(failed.getByRole("alert")).toContainText("The platform is not reachable right now");
  await expect(failed.getByRole("alert")).toContainText(/Request id: \S+/);
  // Focus goes to the file that needs attention.
  await expect(failed).toBeFocused();

  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(failed.getByRole("status")).toHaveText("Uploaded", { timeout: 20_000 });
  await search(page).fill(t);
  await expect(page.locator("tr[data-resource-id]")).toHaveCount(2);
});

test("edits fields, replaces the file and deletes with a confirmation", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  const t = tag("edit");
  const id = await uploadDirect(page, `${t} handout`, { type: "Handout", category: "Nutrition" });
  await page.goto("/resources");
  await search(page).fill(t);
  await expect(row(page, id)).toContainText("Handout");

  await row(page, id)
    .getByRole("button", { name: `Edit ${t} handout` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Edit “${t} handout”` });
  await dialog.getByLabel("Name", { exact: true }).fill(`${t} meal plan`);
  await dialog.getByLabel("Type").selectOption("Meal plan");
  await dialog.getByLabel("Category").selectOption("");
  await dialog.getByLabel("Save to my resource library").uncheck();
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastSaying(page, `“${t} meal plan” saved.`)).toBeVisible();
  await expect(row(page, id)).toContainText(`${t} meal plan`);
  await expect(row(page, id)).toContainText("Meal plan");
  await page.reload();
  await search(page).fill(t);
  await expect(row(page, id)).toContainText(`${t} meal plan`);
  await expect(row(page, id).getByRole("cell").nth(1)).toHaveText("—");
  await expect(row(page, id).getByRole("cell").nth(3)).toHaveText("No");

  await row(page, id)
    .getByRole("button", { name: `Edit ${t} meal plan` })
    .click();
  const again = page.getByRole("dialog");
  await again
    .getByLabel("Replace the file (optional)")
    .setInputFiles({ name: `${t}-new.png`, mimeType: MIME.png, buffer: FILES.png });
  await again.getByRole("button", { name: "Save changes" }).click();
  await expect(again).toBeHidden({ timeout: 20_000 });
  // The list is read again after the save; once in CI that read still showed the old file (a read that
  // raced the save), so look again as a person would, with a reload.
  await expect(async () => {
    if (!((await row(page, id).textContent()) ?? "").includes(`${t}-new.png`)) {
      await page.reload();
      await search(page).fill(t);
    }
    await expect(row(page, id)).toContainText(`${t}-new.png`, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });

  // A renamed executable is refused as a replacement too.
  await row(page, id)
    .getByRole("button", { name: `Edit ${t} meal plan` })
    .click();
  await page
    .getByRole("dialog")
    .getByLabel("Replace the file (optional)")
    .setInputFiles({ name: `${t}-x.pdf`, mimeType: MIME.pdf, buffer: FILES.exe });
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText("not a real PDF");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await row(page, id)
    .getByRole("button", { name: `Delete ${t} meal plan` })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete this resource?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete" }).click();
  // The row leaves at once; a toast offers Undo before anything is sent to the platform.
  await expect(row(page, id)).toHaveCount(0);
  const deletedToast = toastSaying(page, `“${t} meal plan” deleted.`);
  await deletedToast.getByRole("button", { name: "Undo" }).click();
  await expect(row(page, id)).toContainText(`${t} meal plan`);
  await expect(toastSaying(page, `“${t} meal plan” was kept.`)).toBeVisible();
  await page.reload();
  await search(page).fill(t);
  await expect(row(page, id)).toContainText(`${t} meal plan`);

  // Not undone: when the toast closes, the delete goes to the platform, and a reload no longer finds it.
  const deleteSent = deleteAnswered(page, id);
  await confirmDelete(page, id, `${t} meal plan`);
  await expect(row(page, id)).toHaveCount(0);
  await expect(deletedToast).toBeVisible();
  await expect(deletedToast).toBeHidden({ timeout: 20_000 });
  expect((await deleteSent).ok()).toBe(true);
  await page.reload();
  await search(page).fill(t);
  await expect(page.getByText("No resources match these filters")).toBeVisible();
});

test("a delete still waiting for its Undo is sent when the person moves to another page", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  const t = tag("leave");
  const id = await uploadDirect(page, `${t} handout`);
  await page.goto("/resources");
  await search(page).fill(t);
  // The search's read done: a server action still under way when the link is clicked makes Next.js's
  // router refresh this page instead of leaving it (the person would click again; the test would not).
  await expect(page.locator("tr[data-resource-id]")).toHaveCount(1);
  // Sent as the page goes: a request to the resource's route, which outlives the page (a server
  // action would be posted to the next page, which has none).
  const deleteSent = page.waitForResponse(
    (r) => r.request().method() === "DELETE" && r.url().includes(`/api/resources/${id}`),
  );
  await confirmDelete(page, id, `${t} handout`);
  await expect(toastSaying(page, `“${t} handout” deleted.`)).toBeVisible();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Patients" })
    .filter({ visible: true })
    .click();
  // The app's router may first finish the list's own read (a server action), slow on a busy machine.
  await expect(page).toHaveURL(/\/patients/, { timeout: 30_000 });
  expect((await deleteSent).ok()).toBe(true);
  await page.goto("/resources");
  await search(page).fill(t);
  await expect(page.getByText("No resources match these filters")).toBeVisible();

  // Leaving the app altogether (the tab closed or sent elsewhere) sends it as well.
  const other = await uploadDirect(page, `${t} workbook`);
  await page.goto("/resources");
  await search(page).fill(t);
  await confirmDelete(page, other, `${t} workbook`);
  await expect(toastSaying(page, `“${t} workbook” deleted.`)).toBeVisible();
  await page.goto("/patients"); // the page's end: its request is the old document's, so read the result
  await expect(async () => {
    await page.goto("/resources");
    await search(page).fill(t);
    await expect(page.getByText("No resources match these filters")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
});

test("an edit the platform refuses is rolled back with a message and the request id", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  const t = tag("rollback");
  const id = await uploadDirect(page, `${t} original`);
  await page.goto("/resources");
  await search(page).fill(t);
  await expect(row(page, id)).toContainText(`${t} original`);

  // Only the PUT: a background refetch of the list (a GET, retried) must not take the fault.
  await sandboxControl(page, "faults", {
    fail_next: { count: 1, status: 503, path_prefix: "/api/clinic/practitioners/", method: "PUT" },
  });
  await row(page, id)
    .getByRole("button", { name: `Edit ${t} original` })
    .click();
  await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill(`${t} renamed`);
  await page.getByRole("dialog").getByRole("button", { name: "Save changes" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "was undone" });
  await expect(notice).toContainText(`Your change to “${t} original” did not go through`);
  await expect(notice).toContainText(/Request id: \S+/);
  await expect(row(page, id)).toContainText(`${t} original`);
});

test("pages through the library and filters by type, category and name; the platform tab lists its own", async ({
  page,
}) => {
  await signInAs(page, PRACTITIONER);
  const t = tag("page");
  for (let i = 0; i < 6; i++)
    await uploadDirect(page, `${t} item ${i}`, {
      type: i < 2 ? "Workbook" : "Infographic",
      category: i === 0 ? "Supplements" : "Nutrition",
    });
  await page.goto("/resources");
  await page.getByLabel("Per page").first().selectOption("5");
  await expect(page.locator("tr[data-resource-id]")).toHaveCount(5);
  const status = page.getByRole("navigation", { name: "Pages of resources" });
  await expect(status).toContainText(/Page 1 of \d+/);
  const firstPage = await page
    .locator("tr[data-resource-id]")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-resource-id")));
  await status.getByRole("button", { name: "Next →" }).click();
  await expect(status).toContainText(/Page 2 of \d+/);
  const secondPage = await page
    .locator("tr[data-resource-id]")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-resource-id")));
  expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);
  await status.getByRole("button", { name: "← Previous" }).click();
  await expect(status).toContainText(/Page 1 of \d+/);

  const filters = page.getByRole("search");
  await search(page).fill(t);
  await expect(status).toContainText("6 resources");
  await filters.getByLabel("Type").selectOption("Workbook");
  await expect(page.locator("tr[data-resource-id]")).toHaveCount(2);
  await filters.getByLabel("Category").selectOption("Supplements");
  await expect(page.locator("tr[data-resource-id]")).toHaveCount(1);
  await expect(page.locator("tr[data-resource-id]")).toContainText(`${t} item 0`);

  await page.getByRole("tab", { name: "Platform-provided" }).click();
  await expect(page.locator("[data-service-resource-id]")).toHaveCount(10);
  await expect(page.getByRole("navigation", { name: "Pages of platform resources" })).toContainText(
    "10 platform resources",
  );
});

test("staff pick a practitioner of their clinic first, then upload and edit for them", async ({ page }) => {
  const [clinic, other] = await clinics(page);
  const target = clinic.practitioners[1];
  await signInAs(page, STAFF);
  await page.goto("/resources");
  await expect(page.getByText("Choose a practitioner first")).toBeVisible();
  const picker = page.getByLabel("Acting for practitioner");
  await expect(picker.locator(`option[value="${other.practitioners[0].id}"]`)).toHaveCount(0);
  await picker.selectOption(target.id);
  await expect(page).toHaveURL(new RegExp(`practitioner=${target.id}`));
  await expect(page.locator("tr[data-resource-id]").first()).toBeVisible();

  const t = tag("staff");
  await dropzoneInput(page).setInputFiles({ name: `${t}.pdf`, mimeType: MIME.pdf, buffer: FILES.pdf });
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(uploadItem(page, `${t}.pdf`).getByRole("status")).toHaveText("Uploaded", { timeout: 20_000 });
  // Confirmed by a toast; focus is on the file just uploaded, not back at the top of the page.
  await expect(toastSaying(page, `“${t}” uploaded.`)).toBeVisible();
  await expect(uploadItem(page, `${t}.pdf`)).toBeFocused();
  await search(page).fill(t);
  await expect(page.locator("tr[data-resource-id]")).toHaveCount(1);
  await page.getByRole("button", { name: `Edit ${t}` }).click();
  await page.getByRole("dialog").getByLabel("Category").selectOption("Physical activity");
  await page.getByRole("dialog").getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("tr[data-resource-id]")).toContainText("Physical activity");

  // The reload keeps the practitioner (in the URL); the resource is theirs on the platform.
  await page.reload();
  await search(page).fill(t);
  await expect(page.locator("tr[data-resource-id]")).toHaveCount(1);

  // Staff cannot act for a practitioner of another clinic, whatever they send.
  const refused = await page.request.post("/api/resources", {
    multipart: {
      name: t,
      save_to_library: "true",
      practitioner_id: other.practitioners[0].id,
      file: { name: `${t}.pdf`, mimeType: MIME.pdf, buffer: FILES.pdf },
    },
  });
  expect(refused.status()).toBe(404);
  await page.goto(`/resources?practitioner=${other.practitioners[0].id}`);
  await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toContainText(
    "No such practitioner in your clinic",
  );
});

test("another practitioner's resource is not reachable", async ({ page, browser }) => {
  const [clinic] = await clinics(page);
  const [me, colleague] = clinic.practitioners;

  // The colleague's own resource, created as the colleague.
  const theirs = await browser.newPage();
  await signInAs(theirs, byName(colleague));
  const t = tag("private");
  const id = await uploadDirect(theirs, `${t} colleague only`);
  await theirs.close();

  await signInAs(page, byName(me));
  await page.goto("/resources");
  await expect(page.locator("tr[data-resource-id]").first()).toBeVisible();
  await search(page).fill(t);
  await expect(page.getByText("No resources match these filters")).toBeVisible();

  const form = { name: "taken", type: "", category: "", treatment_plan_id: "", save_to_library: "true" };
  // Naming the colleague is refused by the app; naming nobody acts for me, and the platform knows no
  // such resource of mine.
  const asColleague = await page.request.put(`/api/resources/${id}`, {
    multipart: { ...form, practitioner_id: colleague.id },
  });
  expect(asColleague.status()).toBe(404);
  expect((await asColleague.json()).message).toBe("You can only work on your own resources.");
  const asMe = await page.request.put(`/api/resources/${id}`, { multipart: form });
  expect(asMe.status()).toBe(404);
  const listed = await page.request.post("/api/resources", {
    multipart: {
      ...form,
      practitioner_id: colleague.id,
      file: { name: "x.pdf", mimeType: MIME.pdf, buffer: FILES.pdf },
    },
  });
  expect(listed.status()).toBe(404);
  await page.goto(`/resources?practitioner=${colleague.id}`);
  await search(page).fill(t);
  await expect(page.getByText("No resources match these filters")).toBeVisible();

  // Still there, unchanged, for its owner.
  const owner = await browser.newPage();
  await signInAs(owner, byName(colleague));
  await owner.goto("/resources");
  await search(owner).fill(t);
  await expect(owner.locator(`tr[data-resource-id="${id}"]`)).toContainText(`${t} colleague only`);
  await owner.close();
});

test("a file chosen before the page's script has run is kept, not lost", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  // The page's scripts held back until the file is chosen: a quick tap on a slow phone.
  const release = await holdScripts(page);
  await page.goto("/resources", { waitUntil: "commit" });
  const name = `early-${Date.now().toString(36)}.pdf`;
  await page
    .getByLabel("Choose files to upload")
    .setInputFiles([{ name, mimeType: "application/pdf", buffer: FILES.pdf }]);
  release();
  await expect(page.getByRole("listitem", { name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload 1 file" })).toBeEnabled();
});
