// What signing in with the platform does once the code is exchanged: upsert the clinic and the
// user, store the clinic's people as the platform lists them (when it does), bring admin rights in
// line with them (lib/auth/admin-rights.ts: the platform's "Clinic admin" role, never the order of
// sign-ins), and store the token pair (sealed) where the authorization mode wants it. Runs in one
// transaction with the clinic row locked, so two sign-ins of one clinic go one after the other.
import "server-only";
import { db } from "@/lib/db";
import type { Clinic, OAuthToken } from "@/lib/contract";
import type { OAuthClient } from "@/lib/clinic-api/oauth";
import { saveConnection } from "@/lib/auth/token-store";
import { revokeSealedRefreshToken, revokeTokenPair } from "@/lib/auth/revoke";
import { roleOf, type AppRole } from "@/lib/people/roles";
import { applyAdminRights, lockClinic } from "@/lib/auth/admin-rights";
import { savePlatformPeople, type PlatformPeople } from "@/lib/people/directory";

export interface SignedInUser {
  userId: string;
  clinicId: string;
  role: AppRole;
}

export interface CompleteSignInInput {
  token: OAuthToken;
  clinic: Clinic;
  authMode: "role" | "clinic";
  /** For revoking tokens the sign-in made redundant. */
  oauth: Pick<OAuthClient, "revoke">;
  /** The clinic's people as the platform lists them; null when it has no lists (or they failed). */
  people: PlatformPeople | null;
}

export async function completeSignIn(input: CompleteSignInInput): Promise<SignedInUser> {
  const { token, clinic, authMode } = input;
  const owner = token.resource_owner;
  const result = await db.$transaction(
    async (tx) => {
      await tx.clinic.upsert({
        where: { id: clinic.id },
        create: { id: clinic.id, name: clinic.name, integrationId: clinic.integration_id },
        update: { name: clinic.name, integrationId: clinic.integration_id },
      });
      await lockClinic(tx, clinic.id);
      const signedIn = await tx.user.upsert({
        where: { clinicId_platformUserId: { clinicId: clinic.id, platformUserId: owner.id } },
        create: {
          clinicId: clinic.id,
          platformUserId: owner.id,
          platformUserType: owner.type,
          lastSignInAt: new Date(),
        },
        update: { platformUserType: owner.type, lastSignInAt: new Date() },
      });
      if (input.people) await savePlatformPeople(tx, clinic.id, input.people.entries, input.people.listed);
      await applyAdminRights(tx, clinic.id);
      const user = await tx.user.findUniqueOrThrow({ where: { id: signedIn.id } });

      let unused = false;
      let replaced: string | undefined;
      if (authMode === "role") {
        replaced = (
          await saveConnection(
            { clinicId: clinic.id, owner: { kind: "user", userId: user.id }, token, connectedById: user.id },
            tx,
          )
        ).replacedRefreshTokenEnc;
      } else {
        // Clinic-level: the first sign-in (or an admin's, when the clinic connection is not working)
        // connects the clinic; anyone else's token only proved who they are and is revoked.
        const existing = await tx.platformConnection.findUnique({
          where: { clinicLevelFor: clinic.id },
          select: { state: true },
        });
        if (!existing || (existing.state !== "connected" && user.isAdmin)) {
          await saveConnection(
            { clinicId: clinic.id, owner: { kind: "clinic", clinicId: clinic.id }, token, connectedById: user.id },
            tx,
          );
        } else {
          unused = true;
        }
      }
      return { user, unused, replaced };
    },
    { timeout: 15_000 },
  );

  // After commit, best-effort: a failed revoke leaves a token the platform will never see used.
  if (result.unused)
    await revokeTokenPair(input.oauth, { accessToken: token.access_token, refreshToken: token.refresh_token });
  if (result.replaced) await revokeSealedRefreshToken(result.replaced, input.oauth);
  return { userId: result.user.id, clinicId: clinic.id, role: roleOf(result.user) };
}
