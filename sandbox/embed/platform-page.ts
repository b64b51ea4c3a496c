// The platform feature's page (`/api/embeddable/session/embed/entry`): the catalog or the labs, as
// `entrypoint` says (the catalog when it names neither), for the patient the data token named when
// there is one. It posts no message: the library documents messages of the builder only.
import { randomBytes } from "node:crypto";
import { escapeHtml, type Reply } from "../http/reply";
import { pageShell } from "../oauth/authorize-page";
import type { SandboxState } from "../state/store";
import type { EmbedSessionRow } from "../state/types";
import { csp, patientNote, signedInLine } from "./page";
import type { PagePatient } from "./patient";

/** The sandbox's lab tests: the labs page lists them (a platform's real catalog of tests is its own). */
const LAB_TESTS = [
  "Comprehensive metabolic panel",
  "Complete blood count",
  "Vitamin D, 25-hydroxy",
  "Ferritin",
  "Thyroid panel (TSH, free T4)",
];

const list = (label: string, items: string[]) =>
  `<ul aria-label="${escapeHtml(label)}">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;

export function platformPage(
  s: SandboxState,
  session: EmbedSessionRow,
  given: PagePatient,
  entrypoint: string | undefined,
): Reply {
  const labs = entrypoint === "labs";
  const title = labs ? "Labs" : "Catalog";
  const products = [...s.products.values()]
    .filter((p) => p.clinicId === session.clinicId)
    .map((p) => `${p.name} — ${p.brand}`);
  const patient = given.patient
    ? `<p id="for-patient">For <strong>${escapeHtml(`${given.patient.firstName} ${given.patient.lastName}`)}</strong></p>`
    : "";
  const body = `<h1>${title}</h1>
${signedInLine(s, session)}
${patient}
${patientNote(given)}
${labs ? list("Lab tests", LAB_TESTS) : list("Products", products)}`;
  const nonce = randomBytes(12).toString("base64");
  return {
    status: 200,
    html: pageShell(`${title} (sandbox)`, body),
    headers: { "Content-Security-Policy": csp(session.origin, nonce) },
  };
}
