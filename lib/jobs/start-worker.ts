// Starts this process's job worker with the app's own dependencies (called from instrumentation.ts
// in the Node.js runtime). Once per process, however many times Next.js calls register(). Its
// database client is the system pool's, which people's reads do not share (lib/db/pool.ts).
import "server-only";
import { systemDb as db } from "@/lib/db";
import { clientForClinic, ReconnectRequiredError } from "@/lib/auth";
import { configuredKeyring } from "@/lib/auth/encryption-key";
import { getConfig } from "@/lib/config";
import { getBoss } from "@/lib/queue/boss";
import { startWorkers } from "@/lib/jobs/worker";
import { processState } from "@/lib/health/process-state";

const globalForWorker = globalThis as unknown as { clinicConnectWorker?: Promise<void> };

export function startJobWorker(): Promise<void> {
  globalForWorker.clinicConnectWorker ??= (async () => {
    const boss = await getBoss();
    const clientOrNull = async (clinicId: string) => {
      try {
        return await clientForClinic(clinicId);
      } catch (error) {
        if (error instanceof ReconnectRequiredError) return null;
        throw error;
      }
    };
    await startWorkers(boss, {
      db,
      retentionDays: getConfig().eventRetentionDays,
      reconcileCron: getConfig().reconcileCron,
      keyring: configuredKeyring(),
      feedForClinic: clientOrNull,
      peopleForClinic: clientOrNull,
      patientsForClinic: clientOrNull,
      connectedClinicIds: async () =>
        (
          await db.platformConnection.findMany({
            where: { state: "connected" },
            distinct: ["clinicId"],
            select: { clinicId: true },
          })
        ).map((c) => c.clinicId),
    });
  })().then(
    () => void (processState().worker = "running"),
    (error: unknown) => {
      processState().worker = "failed";
      globalForWorker.clinicConnectWorker = undefined;
      throw error;
    },
  );
  return globalForWorker.clinicConnectWorker;
}
