// HTML of the embedded feature: the refusal page and the treatment-plan builder. The builder talks
// to its parent only with postMessage to the declared target_origin, and CSP frame-ancestors allows
// only that origin to frame it. A refusal is told in the page, for the person: the platform's
// documented messages say nothing of refusals, so none is posted.
import { randomBytes } from "node:crypto";
import { escapeHtml, type Reply } from "../http/reply";
import { pageShell } from "../oauth/authorize-page";
import type { SandboxState } from "../state/store";
import type { EmbedSessionRow } from "../state/types";
import { patientSelectedMessage } from "./messages";
import type { PagePatient } from "./patient";
import { BUILDER_SCRIPT } from "./script";

export function csp(origin: string | null, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${origin ?? "'none'"}`,
  ].join("; ");
}

/** A refused grant: a clear message, shown in the frame when `origin` (the parent's) may frame it. */
export function refusalPage(status: number, title: string, message: string, origin: string | null): Reply {
  const nonce = randomBytes(12).toString("base64");
  const html = pageShell(
    title,
    `<h1>${escapeHtml(title)}</h1><div class="error" role="alert"><p>${escapeHtml(message)}</p></div>`,
  );
  return { status, html, headers: { "Content-Security-Policy": csp(origin, nonce) } };
}

/** JSON for a `<script type="application/json">`: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** Who the session signed in, as every feature page says it. */
export function signedInLine(s: SandboxState, session: EmbedSessionRow): string {
  const user = s.users.get(session.userId);
  const clinic = s.clinics.get(session.clinicId);
  const who = user
    ? `${user.firstName} ${user.lastName} (${user.type === "Staff" ? user.role : "Practitioner"})`
    : "unknown user";
  return `<p id="signed-in">Signed in as <strong>${escapeHtml(who)}</strong> at ${escapeHtml(clinic?.name ?? "")}.</p>`;
}

/** What the page says of the patient its data token named, when it could not open on them. */
export const patientNote = (given: PagePatient) =>
  given.note ? `<p id="patient-note" role="note">${escapeHtml(given.note)}</p>` : "";

/** The builder, on the patient its data token named (./patient.ts), who is then preselected. */
export function builderPage(s: SandboxState, session: EmbedSessionRow, given: PagePatient): Reply {
  const nonce = randomBytes(12).toString("base64");
  const user = s.users.get(session.userId);
  const patientId = given.patient?.id ?? null;
  const patients = s.patientsOf(session.clinicId).sort((a, b) => a.lastName.localeCompare(b.lastName));
  const products = [...s.products.values()].filter((p) => p.clinicId === session.clinicId);
  const practitioners = s.practitionersOf(session.clinicId);
  const option = (id: string, label: string, selected = false) =>
    `<option value="${escapeHtml(id)}"${selected ? " selected" : ""}>${escapeHtml(label)}</option>`;
  const practitionerField =
    user?.type === "Staff"
      ? `<p><label for="practitioner">Practitioner</label><br><select id="practitioner" name="practitioner_id" required>${practitioners.map((p) => option(p.id, `${p.firstName} ${p.lastName}`)).join("")}</select></p>`
      : "";
  const config = scriptJson({
    session: session.token,
    origin: session.origin,
    // What the page posts when a patient is selected, per patient; at once for the one the data token named.
    selected: Object.fromEntries(patients.map((p) => [p.id, patientSelectedMessage(s, session, p)])),
    preselected: patientId,
  });
  const body = `<h1>Treatment plan builder</h1>
${signedInLine(s, session)}
${patientNote(given)}
<form id="builder">
<p><label for="patient">Patient</label><br><select id="patient" name="patient_id" required>${patients.map((p) => option(p.id, `${p.lastName}, ${p.firstName}`, p.id === patientId)).join("")}</select></p>
${practitionerField}
<fieldset><legend>Recommendations</legend>
<p><label for="product">Product</label><br><select id="product">${products.map((p) => option(p.id, `${p.name} — ${p.brand}`)).join("")}</select></p>
<p><label for="dosage">Dosage</label><br><input id="dosage" value="1 capsule daily"></p>
<button type="button" id="add">Add recommendation</button>
<ul id="recommendations" aria-label="Recommendations added"></ul></fieldset>
<button type="submit" name="action" value="draft" id="save-draft">Save draft</button>
<button type="submit" name="action" value="activate" id="activate">Activate plan</button>
</form>
<p id="status" role="status" aria-live="polite"></p>
<script id="embed-config" type="application/json">${config}</script>
<script nonce="${nonce}">${BUILDER_SCRIPT}</script>`;
  return {
    status: 200,
    html: pageShell("Treatment plan builder (sandbox)", body),
    headers: { "Content-Security-Policy": csp(session.origin, nonce) },
  };
}
