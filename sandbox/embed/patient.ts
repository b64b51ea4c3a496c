// Which patient a feature's page opens on, from its `data_token` (./tokenize.ts): a patient of the
// grant's clinic named by the details' id, else the one whose email the details carry; otherwise
// nobody, with the details shown for the person to act on. Every outcome but "none" is said on
// the page, in words.
import type { SandboxState } from "../state/store";
import type { EmbedSessionRow, PatientRow } from "../state/types";
import type { OpenedToken } from "./tokenize";

export interface PagePatient {
  patient: PatientRow | null;
  /** What the page says about the patient it was given, or null when it was given none. */
  note: string | null;
}

const REFUSALS = {
  unknown: "The patient details sent with this page were not recognised, so no patient is selected.",
  used: "The patient details sent with this page were already used, so no patient is selected. Open the feature again from the app.",
  expired:
    "The patient details sent with this page have expired (they are valid for 10 minutes), so no patient is selected.",
  origin: "The patient details sent with this page were sent by another site, so no patient is selected.",
} as const;

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

export function pagePatient(s: SandboxState, session: EmbedSessionRow, opened: OpenedToken): PagePatient {
  if (opened.kind === "none") return { patient: null, note: null };
  if (opened.kind === "refused") return { patient: null, note: REFUSALS[opened.reason] };
  const details = opened.patient;
  const own = s.patientsOf(session.clinicId);
  const id = text(details.id);
  const email = text(details.email)?.toLowerCase();
  const byId = id ? own.find((p) => p.id === id) : undefined;
  const byEmail = !id && email ? own.find((p) => p.email?.toLowerCase() === email) : undefined;
  const patient = byId ?? byEmail ?? null;
  if (patient) return { patient, note: null };
  const name = [text(details.first_name), text(details.last_name)].filter(Boolean).join(" ");
  const described = [name, email].filter(Boolean).join(", ");
  return {
    patient: null,
    note: id
      ? "The patient sent with this page is not a patient of this clinic, so no patient is selected."
      : `No patient of this clinic matches the details sent (${described || "no name or email"}). Pick the patient, or add them.`,
  };
}
