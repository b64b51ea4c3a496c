// Decides whether and how a new event is delivered: only to an enabled endpoint subscribed to the
// type, only for activated integrations (spec 6.2.9), in event order through one queue, with the
// webhook faults (drop, duplicate, delay, reorder) applied deterministically.
import type { SandboxState } from "../state/store";
import type { EventRow } from "../state/types";
import { attemptDelivery, type AttemptRuntime } from "./deliver";

interface Runtime extends AttemptRuntime {
  queue: Promise<void>;
  reorderBuffer: { id: string; copies: number }[];
  timers: Set<NodeJS.Timeout>;
}

const runtimes = new WeakMap<SandboxState, Runtime>();

export function webhookRuntime(s: SandboxState): Runtime {
  let rt = runtimes.get(s);
  if (!rt) {
    rt = {
      generation: 0,
      inflight: new Set(),
      closed: false,
      queue: Promise.resolve(),
      reorderBuffer: [],
      timers: new Set(),
    };
    runtimes.set(s, rt);
  }
  return rt;
}

function isDeliverable(s: SandboxState, e: EventRow): boolean {
  const ep = s.webhookEndpoint;
  if (!ep || !ep.enabled || !ep.eventTypes.includes(e.type)) return false;
  // The revocation event itself is still sent: it tells the integrator that activation ended.
  return s.integrationStatus(e.clinicId) === "activated" || e.type === "clinic_key.revoked";
}

function enqueue(s: SandboxState, rt: Runtime, eventId: string, copies: number): void {
  for (let i = 0; i < copies; i++) {
    rt.queue = rt.queue.then(() => attemptDelivery(s, rt, eventId, 1)).catch(() => undefined);
  }
}

export function dispatchEvent(s: SandboxState, e: EventRow): void {
  if (!isDeliverable(s, e)) return;
  const rt = webhookRuntime(s);
  const f = s.faults;
  if (f.webhookDropNext > 0) {
    f.webhookDropNext -= 1;
    s.stats.faults_injected += 1;
    return;
  }
  let copies = 1;
  if (f.webhookDuplicateNext > 0) {
    f.webhookDuplicateNext -= 1;
    s.stats.faults_injected += 1;
    copies = 2;
  }
  if (f.webhookReorderNext > 0) {
    f.webhookReorderNext -= 1;
    s.stats.faults_injected += 1;
    rt.reorderBuffer.push({ id: e.id, copies });
    if (f.webhookReorderNext === 0) {
      for (const held of rt.reorderBuffer.reverse()) enqueue(s, rt, held.id, held.copies);
      rt.reorderBuffer = [];
    }
    return;
  }
  if (f.webhookDelayNext && f.webhookDelayNext.count > 0) {
    f.webhookDelayNext.count -= 1;
    s.stats.faults_injected += 1;
    const generation = rt.generation;
    const timer = setTimeout(() => {
      rt.timers.delete(timer);
      if (generation === rt.generation) enqueue(s, rt, e.id, copies);
    }, f.webhookDelayNext.ms);
    rt.timers.add(timer);
    return;
  }
  enqueue(s, rt, e.id, copies);
}

/** Forgets pending work (reset) or stops for good (close). */
export function stopWebhooks(s: SandboxState, final: boolean): void {
  const rt = webhookRuntime(s);
  rt.generation += 1;
  rt.reorderBuffer = [];
  for (const t of rt.timers) clearTimeout(t);
  rt.timers.clear();
  if (final) {
    rt.closed = true;
    for (const a of rt.inflight) a.abort(new Error("closed"));
  }
}
