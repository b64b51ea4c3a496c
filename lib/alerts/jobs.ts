// The alert checks on the job queue: on ALERTS_CRON a fan-out sends one check per clinic, and each
// clinic's check is "stately" (keyed by clinic), so however many app processes run, a clinic is
// checked by one of them at a time and a check asked for meanwhile waits as one job. A reconciliation
// asks for a check when it ends (it may have found missed events), and so does an admin's "Check now".
import "server-only";
import type PgBoss from "pg-boss";
import { getConfig } from "@/lib/config";
import { appMailer } from "@/lib/email/mailer";
import { QUEUES } from "@/lib/queue/queues";
import { checkClinicAlerts, type AlertCheckDeps } from "@/lib/alerts/check";

interface AlertCheckJob {
  clinicId: string;
}

export interface AlertJobOptions extends Pick<AlertCheckDeps, "db" | "feedForClinic"> {
  mailer?: AlertCheckDeps["mailer"];
  /** Register the cron schedule too (off in tests that drive jobs by hand). */
  schedule: boolean;
}

/** Asks for a check of one clinic; null when one is already waiting. */
export function requestAlertCheck(boss: PgBoss, clinicId: string): Promise<string | null> {
  const job: AlertCheckJob = { clinicId };
  return boss.send(QUEUES.alertsCheckClinic, job, { singletonKey: clinicId });
}

export async function registerAlertJobs(boss: PgBoss, options: AlertJobOptions): Promise<void> {
  const config = getConfig();
  const deps: AlertCheckDeps = {
    db: options.db,
    feedForClinic: options.feedForClinic,
    mailer: options.mailer === undefined ? appMailer() : options.mailer,
    appUrl: config.appUrl,
  };
  await boss.work(QUEUES.alertsCheckAll, async () => {
    const clinics = await options.db.clinic.findMany({ select: { id: true } });
    for (const { id } of clinics) await requestAlertCheck(boss, id);
  });
  await boss.work<AlertCheckJob>(QUEUES.alertsCheckClinic, { pollingIntervalSeconds: 1 }, async ([job]) => {
    await checkClinicAlerts(deps, job.data.clinicId);
  });
  if (options.schedule) await boss.schedule(QUEUES.alertsCheckAll, config.alertsCron, {}, { tz: "UTC" });
}
