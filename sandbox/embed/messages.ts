// The two messages the platform's treatment plan page posts to its parent (lib/contract/embed.ts),
// built on the server so that the page's script only forwards them: `patient.selected` with the
// patient and `treatmentPlan.activated` with the plan, in the documentation's camelCase fields.
import { randomUUID } from "node:crypto";
import { EMBED_EVENTS, embedMessageEnvelope, type EmbedEventName } from "@/lib/contract";
import type { SandboxState } from "../state/store";
import type { EmbedSessionRow, PatientRow, TreatmentPlanRow } from "../state/types";

type Envelope = ReturnType<typeof embedMessageEnvelope>;

function envelope(
  s: SandboxState,
  session: EmbedSessionRow,
  event: EmbedEventName,
  data: Record<string, unknown>,
): Envelope {
  return embedMessageEnvelope(session.frameId, event, data, {
    id: randomUUID(),
    createdAt: new Date(s.clock.now()).toISOString(),
    clinicId: session.clinicId,
    clientId: session.clientId,
  });
}

export function patientSelectedMessage(s: SandboxState, session: EmbedSessionRow, p: PatientRow): Envelope {
  return envelope(s, session, EMBED_EVENTS.patientSelected, {
    patient: {
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      dateOfBirth: p.dateOfBirth,
    },
  });
}

export function planActivatedMessage(s: SandboxState, session: EmbedSessionRow, plan: TreatmentPlanRow): Envelope {
  return envelope(s, session, EMBED_EVENTS.treatmentPlanActivated, {
    treatmentPlan: {
      id: plan.id,
      state: plan.state,
      // The documentation's example names the patient and practitioner by id only.
      patient: { id: plan.patientId },
      practitioner: { id: plan.practitionerId },
      availableAt: new Date(plan.updatedAt).toISOString().slice(0, 10),
      recommendations: plan.recommendations.map((r) => ({
        variantId: r.productId,
        refill: false,
        unitsToPurchase: 1,
        dosage: { recommendedAmount: r.dosage },
      })),
    },
  });
}
