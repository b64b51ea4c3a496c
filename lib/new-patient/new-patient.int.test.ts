// The "Add a patient" form's rules as tables (each bad input → the words beside its field), what it
// sends the platform, and the platform's refusals read back against the sandbox over HTTP: "email
// already taken" becomes the form's own refusal, a create is never sent twice. No database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { LOCAL_DEFAULTS, PatientCreateInputSchema } from "@/lib/contract";
import { createClinicClient, type AttemptReport, type ClinicClient } from "@/lib/clinic-api";
import { createOAuthClient } from "@/lib/clinic-api/oauth";
import { PlatformUnavailableError, ValidationError } from "@/lib/clinic-api/errors";
import { fieldErrors } from "@/lib/contract/field-errors";
import { discountOf, mobileNumberOf, NewPatientFormSchema, newPatientFromForm, toCreateInput } from "./form";
import { emailTaken, newPatientRefusal } from "./refusal";
import { startSandbox, type Sandbox } from "@/sandbox/start";
import { authorizeAs, sandboxControl, sandboxSeed, TEST_REDIRECT_URI } from "@/tooling/testing/auth-testbed";

/** A catalog key in English words (what the person reads). */
const words = (key: string): string =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

const GOOD = {
  first_name: "Amara",
  last_name: "Nwosu",
  email: "amara.nwosu@mail.example",
  date_of_birth: "",
  gender: "",
  mobile_number: "",
  discount: "",
  send_welcome_email: true,
};
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = NewPatientFormSchema.safeParse(input);
  if (parsed.success) return {};
  const byField = fieldErrors(parsed.error.issues);
  return Object.fromEntries(Object.entries(byField).map(([field, keys]) => [field, keys.map(words)]));
};

describe("the form's rules", () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ["no first name", { first_name: "" }, "first_name", "Type the patient's first name."],
    ["a first name of spaces", { first_name: "   " }, "first_name", "Type the patient's first name."],
    ["no last name", { last_name: "" }, "last_name", "Type the patient's last name."],
    ["a name of 101 letters", { last_name: "a".repeat(101) }, "last_name", "Use at most 100 characters."],
    ["a name with a line break", { first_name: "Ama\nra" }, "first_name", "A name is one line of ordinary text"],
    ["a name that reverses its text", { last_name: "Nw\u202eosu" }, "last_name", "reverse the text's direction"],
    ["no email", { email: "" }, "email", "Type the patient's email address"],
    ["an email without a domain", { email: "amara@" }, "email", "such as name@example.com"],
    ["two addresses", { email: "a@mail.example, b@mail.example" }, "email", "Type the patient's email address"],
    ["a birth date in another format", { date_of_birth: "29/02/1984" }, "date_of_birth", "real date of birth"],
    ["a day that does not exist", { date_of_birth: "1983-02-29" }, "date_of_birth", "real date of birth"],
    ["a birth date after today", { date_of_birth: "2999-01-01" }, "date_of_birth", "up to today"],
    ["a birth date before 1900", { date_of_birth: "1899-12-31" }, "date_of_birth", "from 1900-01-01"],
    ["a gender the platform does not take", { gender: "other" }, "gender", "Choose female, male, X"],
    ["a mobile number of letters", { mobile_number: "call me" }, "mobile_number", "with its country code"],
    ["a mobile number too short", { mobile_number: "555-0199" }, "mobile_number", "with its country code"],
    ["a discount over 35", { discount: "40" }, "discount", "from 0 to 35"],
    ["a negative discount", { discount: "-5" }, "discount", "from 0 to 35"],
    ["a discount with three decimals", { discount: "10.125" }, "discount", "from 0 to 35"],
    ["a discount in words", { discount: "ten" }, "discount", "from 0 to 35"],
  ])("%s", (_name, change, field, message) => {
    const errors = errorsOf({ ...GOOD, ...change });
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field].join(" ")).toContain(message);
  });

  it("says every field at fault at once", () => {
    expect(
      Object.keys(errorsOf({ first_name: "", last_name: "", email: "x", send_welcome_email: false })).sort(),
    ).toEqual(["email", "first_name", "last_name"]);
  });
});

describe("what the form sends", () => {
  it.each([
    ["+1 604 555 0199", "+16045550199"],
    ["(604) 555-0199", "+16045550199"],
    ["1-604-555-0199", "+16045550199"],
    ["+44 20 7946 0958", "+442079460958"],
    ["604.555.0199", "+16045550199"],
    ["555-0199", null],
    ["+0 604 555 0199", null],
    ["604 555 0199 ext 2", null],
  ])("mobile %s → %s", (typed, sent) => expect(mobileNumberOf(typed)).toBe(sent));

  it.each([
    ["10", "10"],
    ["10 %", "10"],
    ["12,5", "12.5"],
    ["0", "0"],
    ["35", "35"],
    ["35.5", null],
    ["", null],
  ])("discount %s → %s", (typed, sent) => expect(discountOf(typed)).toBe(sent));

  it("leaves out what was left empty, and says the welcome email either way", () => {
    const form = NewPatientFormSchema.parse({ ...GOOD, send_welcome_email: false });
    expect(toCreateInput(form)).toEqual({
      email: GOOD.email,
      first_name: "Amara",
      last_name: "Nwosu",
      send_welcome_email: "false",
    });
  });

  it("sends the platform's forms of everything filled in, and the contract accepts it as exact", () => {
    const posted = new FormData();
    for (const [k, v] of Object.entries({
      first_name: "  Amara ",
      last_name: "Nwosu",
      email: " amara.nwosu@mail.example ",
      date_of_birth: "1984-02-29",
      gender: "x",
      mobile_number: "(604) 555-0199",
      discount: "12,5 %",
      send_welcome_email: "on",
    }))
      posted.set(k, v);
    const body = toCreateInput(NewPatientFormSchema.parse(newPatientFromForm(posted)));
    expect(body).toEqual({
      email: "amara.nwosu@mail.example",
      first_name: "Amara",
      last_name: "Nwosu",
      date_of_birth: "1984-02-29",
      gender: "x",
      mobile_number: "+16045550199",
      discount: "12.5",
      send_welcome_email: "true",
    });
    expect(PatientCreateInputSchema.parse(body)).toEqual(body);
  });

  it("reads an unticked box (absent from the form) as no welcome email, and a missing field as empty", () => {
    const parsed = NewPatientFormSchema.safeParse(newPatientFromForm(new FormData()));
    expect(parsed.success).toBe(false);
    expect(newPatientFromForm(new FormData())).toMatchObject({ send_welcome_email: false, first_name: "" });
  });
});

describe("against the platform (the sandbox over HTTP)", () => {
  let sandbox: Sandbox;
  let client: ClinicClient;
  let reports: AttemptReport[];
  let accessToken: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    const seed = await sandboxSeed(sandbox.url);
    const oauth = createOAuthClient({
      baseUrl: sandbox.url,
      clientId: LOCAL_DEFAULTS.clientId,
      clientSecret: LOCAL_DEFAULTS.clientSecret,
      redirectUri: TEST_REDIRECT_URI,
    });
    const { code } = await authorizeAs(sandbox.url, seed.clinics[0].practitioners[0].id, {
      clientId: LOCAL_DEFAULTS.clientId,
    });
    accessToken = (await oauth.exchangeCode(code)).access_token;
  });
  afterAll(async () => sandbox?.close());
  beforeEach(() => {
    reports = [];
    client = createClinicClient({
      baseUrl: sandbox.url,
      retry: { baseDelayMs: 20 },
      onAttempt: (report) => reports.push(report),
      credentials: {
        tokens: { getAccessToken: async () => accessToken, refreshAfterUnauthorized: async () => accessToken },
      },
    });
  });

  const send = (email: string) =>
    client.createPatient(toCreateInput(NewPatientFormSchema.parse({ ...GOOD, email, discount: "10" })));

  it("creates the patient, and the same email again is the form's own refusal beside the email", async () => {
    const created = await send("taken.twice@mail.example");
    expect(created).toMatchObject({ first_name: "Amara", last_name: "Nwosu", email: "taken.twice@mail.example" });
    const error = await send("Taken.Twice@mail.example").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(emailTaken(error)).toBe(true);
    expect(newPatientRefusal(error)).toEqual({
      ok: false,
      code: "refused",
      message: "newPatient.notAdded",
      errors: { email: ["newPatient.errors.emailTaken"] },
    });
  });

  it("leaves other refusals to the builder's usual answer (the field named by the platform)", async () => {
    const error = await client
      .createPatient({ email: "ok@mail.example", first_name: "A", last_name: "B", date_of_birth: "2999-01-01" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors.date_of_birth).toHaveLength(1);
    expect(newPatientRefusal(error)).toBeNull();
  });

  it("never sends a create twice: a 503 is said at once", async () => {
    await sandboxControl(sandbox.url, "faults", {
      fail_next: { count: 1, status: 503, path_prefix: "/api/clinic/patients" },
    });
    await expect(send("once@mail.example")).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(reports.map((r) => r.status)).toEqual([503]);
  });
});
