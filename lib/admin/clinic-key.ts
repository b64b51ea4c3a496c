// The Clinic key tab: entering or replacing the key (stored sealed, shown masked), removing it, and
// its activation state from the clinic_key.* events. A new key is tried at the platform before it
// is stored: that first request carrying it is what activates the integration (spec 3, 5.6).
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { connectionIdForUser, openClinicKey, sealSecret, SECRET_PURPOSES, type Actor } from "@/lib/auth";
import { connectionTokenProvider } from "@/lib/auth/token-provider";
import { createClinicClient } from "@/lib/clinic-api/client";
import { platformSettings } from "@/lib/clinic-api/settings";
import type { Clinic } from "@/lib/contract";
import { clinicKeyState, type ClinicKeyState } from "@/lib/admin/key-state";
import { maskClinicKey } from "@/lib/format/clinic-key";
import { observePlatformBody } from "@/lib/drift/endpoints";

export const ClinicKeyInputSchema = z.object({
  clinicKey: z
    .string()
    .trim()
    .min(8, "admin.actions.keyTooShort")
    .max(200, "admin.actions.keyTooLong")
    .regex(/^[\x21-\x7e]+$/, "admin.actions.keyCharacters"),
});

export interface ClinicKeyEventView {
  id: string;
  type: string;
  createdAt: string;
  receivedAt: string;
  source: "webhook" | "reconciliation";
}

export interface ClinicKeyView {
  entered: boolean;
  masked: string | null;
  setAt: string | null;
  state: ClinicKeyState;
  decidedBy: ClinicKeyEventView | null;
  recentEvents: ClinicKeyEventView[];
}

export async function clinicKeyView(clinicId: string): Promise<ClinicKeyView> {
  const [clinic, events] = await Promise.all([
    db.clinic.findUniqueOrThrow({
      where: { id: clinicId },
      select: { clinicKeyEnc: true, clinicKeySetAt: true, clinicKeyRefusedAt: true },
    }),
    db.event.findMany({ where: { clinicId, category: "clinic_keys" }, orderBy: { createdAt: "desc" }, take: 20 }),
  ]);
  const key = openClinicKey(clinic.clinicKeyEnc);
  const views = events.map((e) => ({
    id: e.id,
    type: e.type,
    createdAt: e.createdAt.toISOString(),
    receivedAt: e.receivedAt.toISOString(),
    source: e.source,
  }));
  const { state, decidedBy } = clinicKeyState(key ? clinic.clinicKeySetAt : null, events, clinic.clinicKeyRefusedAt);
  return {
    entered: key !== undefined,
    masked: key ? maskClinicKey(key) : null,
    setAt: key ? (clinic.clinicKeySetAt?.toISOString() ?? null) : null,
    state,
    decidedBy: views.find((v) => v.id === decidedBy?.id) ?? null,
    recentEvents: views.slice(0, 10),
  };
}

/** A client acting through the admin's connection that sends `clinicKey` (not the stored one). */
async function clientWithKey(actor: Actor, clinicKey: string | undefined) {
  const connectionId = await connectionIdForUser(actor.userId);
  const { baseUrl, headerNames } = platformSettings();
  return createClinicClient({
    baseUrl,
    observeBody: observePlatformBody,
    credentials: { tokens: connectionTokenProvider(connectionId), clinicKey, clinicKeyHeader: headerNames.clinicKey },
  });
}

/**
 * Whether the platform reports the integration activated: the sandbox says so in words
 * (`integration_status`), the documented record by a time (`integration_activated_at`).
 */
export const integrationActivated = (clinic: Clinic): boolean =>
  clinic.integration_status ? clinic.integration_status === "activated" : Boolean(clinic.integration_activated_at);

/** Tries the key at the platform (activating it when new), then stores it sealed. Throws platform errors. */
export async function saveClinicKey(actor: Actor, clinicKey: string): Promise<Clinic> {
  const clinic = await (await clientWithKey(actor, clinicKey)).getClinic();
  // The same key entered again is the same key: its activation still stands (the platform sends no
  // second clinic_key.activated), so it keeps the time it was first entered.
  const stored = await db.clinic.findUnique({
    where: { id: actor.clinicId },
    select: { clinicKeyEnc: true, clinicKeySetAt: true },
  });
  const same = stored?.clinicKeySetAt && sameKey(stored.clinicKeyEnc, clinicKey);
  await db.clinic.update({
    where: { id: actor.clinicId },
    data: {
      clinicKeyEnc: sealSecret(clinicKey, SECRET_PURPOSES.clinicKey),
      clinicKeySetAt: same ? stored.clinicKeySetAt : new Date(),
      clinicKeyRefusedAt: null,
    },
  });
  return clinic;
}

/** Whether the stored key is `clinicKey` (one sealed with a key this process lacks counts as another). */
function sameKey(clinicKeyEnc: string | null, clinicKey: string): boolean {
  try {
    return openClinicKey(clinicKeyEnc) === clinicKey;
  } catch {
    return false;
  }
}

export async function removeClinicKey(actor: Actor): Promise<void> {
  await db.clinic.update({
    where: { id: actor.clinicId },
    data: { clinicKeyEnc: null, clinicKeySetAt: null, clinicKeyRefusedAt: null },
  });
}
