// startSandbox: the platform sandbox as an in-process HTTP server (tests start it on port 0;
// server.ts runs it as its own process). Everything is in memory, and kept in `stateFile` when given.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PlatformHeaderNames, WebhookEndpointRequest } from "@/lib/contract";
import { embedRoutes } from "./embed/routes";
import { controlRoutes } from "./control/routes";
import { Clock, type ClockOptions } from "./core/clock";
import { platformRoutes } from "./api/routes";
import { createHandler } from "./http/pipeline";
import { DEFAULT_SEED_COUNTS, seedState, type SeedCounts } from "./seed/seed";
import { keepSaved, pendingRetries, readSavedWorld, restoreWorld, type Snapshot } from "./state/persist";
import { SandboxState } from "./state/store";
import { attemptDelivery } from "./webhooks/deliver";
import { registerEndpoint } from "./webhooks/endpoint";
import { stopWebhooks, webhookRuntime } from "./webhooks/dispatcher";

export interface SandboxOptions {
  port?: number;
  host?: string;
  seed?: number;
  clock?: ClockOptions;
  /** Registered at start and after every reset (server.ts points it at the local app). */
  webhook?: WebhookEndpointRequest | null;
  rateLimit?: { limit: number; windowSeconds: number };
  seedCounts?: SeedCounts;
  /** The clinic key and signature header names (server.ts: CLINIC_KEY_HEADER, CLINIC_SIGNATURE_HEADER). */
  headerNames?: PlatformHeaderNames;
  /** Where the world is kept across restarts (server.ts: SANDBOX_STATE_FILE); unset, nothing is kept. */
  stateFile?: string;
}

export interface Sandbox {
  url: string;
  state: SandboxState;
  /** Whether the world came from `stateFile` rather than the seed, and why a saved one was not used. */
  restored: boolean;
  notRestoredBecause: string | null;
  close: () => Promise<void>;
}

export const DEFAULT_SEED = 1;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = new Clock(options.clock);
  const state = new SandboxState(clock, options.seed ?? DEFAULT_SEED, {
    rateLimit: options.rateLimit ?? { limit: 5000, windowSeconds: 300 },
  });
  if (options.headerNames) state.headerNames = options.headerNames;

  const reset = (seed = state.seed) => {
    stopWebhooks(state, false);
    const baseUrl = state.baseUrl;
    state.clear(seed);
    state.baseUrl = baseUrl;
    seedState(state, options.seedCounts);
    if (options.webhook) registerEndpoint(state, options.webhook);
  };

  const routes = [...controlRoutes({ reset }), ...embedRoutes, ...platformRoutes];
  const server = createServer(createHandler(() => state, routes));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  state.baseUrl = `http://${address.address.includes(":") ? `[${address.address}]` : address.address}:${address.port}`;
  const seededFrom = JSON.stringify(options.seedCounts ?? DEFAULT_SEED_COUNTS);
  const saved = options.stateFile ? readSavedWorld(options.stateFile, state.seed, seededFrom) : null;
  if (saved?.ok) resume(state, saved.snapshot, options.webhook ?? null);
  else reset(state.seed);
  const saving = options.stateFile ? keepSaved(state, options.stateFile, seededFrom) : null;

  return {
    url: state.baseUrl,
    state,
    restored: Boolean(saved?.ok),
    notRestoredBecause: saved && !saved.ok ? saved.why : null,
    close: async () => {
      saving?.stop();
      stopWebhooks(state, true);
      state.scheduler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A saved world taken up again: its webhook retries re-armed, the start-up endpoint registered if it moved. */
function resume(state: SandboxState, snapshot: Snapshot, webhook: WebhookEndpointRequest | null): void {
  const baseUrl = state.baseUrl;
  state.clear(state.seed);
  state.baseUrl = baseUrl;
  restoreWorld(state, snapshot);
  if (webhook && state.webhookEndpoint?.url !== webhook.url) registerEndpoint(state, webhook);
  const rt = webhookRuntime(state);
  for (const d of pendingRetries(state)) {
    state.scheduler.at(
      d.nextAttemptAt ?? state.clock.now(),
      () => void attemptDelivery(state, rt, d.eventId, d.attempt + 1),
    );
  }
}
