// HTML of the embedded feature: the refusal page and the treatment-plan builder. The page talks
// to its parent only with postMessage to the declared origin, and CSP frame-ancestors allows only
// that origin to frame it.
import { randomBytes } from "node:crypto";
import { EMBED_MESSAGE_TYPES, type EmbedMessage } from "@/lib/contract";
import { escapeHtml, type Reply } from "../http/reply";
import { pageShell } from "../oauth/authorize-page";
import type { SandboxState } from "../state/store";
import type { EmbedSessionRow } from "../state/types";
import { BUILDER_SCRIPT } from "./script";

function csp(origin: string | null, nonce: string): string {
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

/** A refused grant: a clear message, and an error message to the parent when its origin is valid. */
export function refusalPage(
  status: number,
  title: string,
  message: string,
  origin: string | null,
  code: Extract<EmbedMessage, { type: "clinic.embed.error" }>["code"],
): Reply {
  const nonce = randomBytes(12).toString("base64");
  const msg: EmbedMessage = { type: EMBED_MESSAGE_TYPES.error, code, message };
  const script = origin
    ? `<script nonce="${nonce}">window.parent.postMessage(${JSON.stringify(msg).replace(/</g, "\\u003c")}, ${JSON.stringify(origin).replace(/</g, "\\u003c")});</script>`
    : "";
  const html = pageShell(
    title,
    `<h1>${escapeHtml(title)}</h1><div class="error" role="alert"><p>${escapeHtml(message)}</p></div>${script}`,
  );
  return { status, html, headers: { "Content-Security-Policy": csp(origin, nonce) } };
}

/** The builder; `patientId` (the embed address's `patient_id`) is preselected when it is a patient of the clinic. */
export function builderPage(s: SandboxState, session: EmbedSessionRow, patientId: string | null = null): Reply {
  const nonce = randomBytes(12).toString("base64");
  const user = s.users.get(session.userId);
  const clinic = s.clinics.get(session.clinicId);
  const patients = s.patientsOf(session.clinicId).sort((a, b) => a.lastName.localeCompare(b.lastName));
  const products = [...s.products.values()].filter((p) => p.clinicId === session.clinicId);
  const practitioners = s.practitionersOf(session.clinicId);
  const option = (id: string, label: string, selected = false) =>
    `<option value="${escapeHtml(id)}"${selected ? " selected" : ""}>${escapeHtml(label)}</option>`;
  const who = user
    ? `${user.firstName} ${user.lastName} (${user.type === "Staff" ? user.role : "Practitioner"})`
    : "unknown user";
  const practitionerField =
    user?.type === "Staff"
      ? `<p><label for="practitioner">Practitioner</label><br><select id="practitioner" name="practitioner_id" required>${practitioners.map((p) => option(p.id, `${p.firstName} ${p.lastName}`)).join("")}</select></p>`
      : "";
  const config = JSON.stringify({
    session: session.token,
    origin: session.origin,
    grantId: session.grantId,
    user: user ? { id: user.id, type: user.type } : null,
  }).replace(/</g, "\\u003c");
  const body = `<h1>Treatment plan builder</h1>
<p id="signed-in">Signed in as <strong>${escapeHtml(who)}</strong> at ${escapeHtml(clinic?.name ?? "")}.</p>
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
