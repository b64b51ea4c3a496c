// startSandbox: the platform sandbox as an in-process HTTP server (tests start it on port 0;
// server.ts runs it as its own process). Everything is in memory.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PlatformHeaderNames, WebhookEndpointRequest } from "@/lib/contract";
import { embedRoutes } from "./embed/routes";
import { controlRoutes } from "./control/routes";
import { Clock, type ClockOptions } from "./core/clock";
import { platformRoutes } from "./api/routes";
import { createHandler } from "./http/pipeline";
import { seedState, type SeedCounts } from "./seed/seed";
import { SandboxState } from "./state/store";
import { registerEndpoint } from "./webhooks/endpoint";
import { stopWebhooks } from "./webhooks/dispatcher";

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
}

export interface Sandbox {
  url: string;
  state: SandboxState;
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
  reset(state.seed);

  return {
    url: state.baseUrl,
    state,
    close: async () => {
      stopWebhooks(state, true);
      state.scheduler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
