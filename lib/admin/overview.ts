// The console at a glance: one line per part, from our own database only (no platform call), so it
// answers fast and works while the platform is down. Also the body of GET /admin/api/status.
import "server-only";
import { listAccounts, statusCounts } from "@/lib/admin/accounts";
import { clinicKeyView } from "@/lib/admin/clinic-key";
import { environmentView } from "@/lib/admin/environment";
import { recentRuns } from "@/lib/admin/runs";
import { loadWebhookHealth } from "@/lib/admin/webhooks";
import type { Actor } from "@/lib/auth";

export async function adminOverview(actor: Actor) {
  const [accounts, key, health, runs] = await Promise.all([
    listAccounts(actor),
    clinicKeyView(actor.clinicId),
    loadWebhookHealth(actor.clinicId),
    recentRuns(actor.clinicId, 1),
  ]);
  const env = environmentView();
  const lastRun = runs[0] ?? null;
  return {
    accounts: {
      users: accounts.users.length,
      byStatus: statusCounts(accounts),
      clinicConnection: accounts.clinicConnection?.status ?? null,
    },
    clinicKey: { entered: key.entered, state: key.state, since: key.decidedBy?.createdAt ?? key.setAt },
    webhooks: {
      lastReceiptAt: health.lastReceiptAt,
      receiptsLast24h: health.receiptsLast24h,
      gapsLast7Days: health.gapsLast7Days,
      secretConfigured: env.webhookSecret !== "missing",
      challengeConfigured: env.webhookChallenge !== "missing",
    },
    reconciliation: lastRun
      ? {
          status: lastRun.status,
          requestedAt: lastRun.requestedAt,
          finishedAt: lastRun.finishedAt,
          inserted: lastRun.inserted,
        }
      : null,
    environment: { server: env.server, authMode: env.authMode },
  };
}

export type AdminOverview = Awaited<ReturnType<typeof adminOverview>>;
