// Group commit for webhook deliveries: while a few writes are in flight, the deliveries that arrive
// wait and then go together, in one statement and one commit (lib/events/store.ts,
// storeWebhookDeliveries). Each delivery is still answered only once its own row is committed; what
// changes is that a burst costs a commit per group instead of one per delivery. Nothing waits on a
// timer: a delivery that finds a write free goes at once, so a quiet stream is written one by one,
// as before. A group whose statement fails is stored again one delivery at a time, so one delivery's
// odd data or a dropped connection answers for that delivery only.
import "server-only";
import type { Sql } from "@/lib/db/pool";
import { storeWebhookDeliveries, storeWebhookDelivery, type Delivery, type StoredDelivery } from "@/lib/events/store";

export type StoreDelivery = (delivery: Delivery) => Promise<StoredDelivery>;

export interface DeliveryStoreOptions {
  /** Writes at once; the pool's other connections serve pages and the job worker. */
  maxInFlight?: number;
  /** Deliveries in one statement at most. */
  maxGroup?: number;
}

interface Waiting {
  delivery: Delivery;
  resolve(stored: StoredDelivery): void;
  reject(error: unknown): void;
}

export function createDeliveryStore(sql: Sql, options: DeliveryStoreOptions = {}): StoreDelivery {
  const maxInFlight = options.maxInFlight ?? 3;
  const maxGroup = options.maxGroup ?? 64;
  let waiting: Waiting[] = [];
  let inFlight = 0;

  const storeAlone = (w: Waiting) => storeWebhookDelivery(sql, w.delivery).then(w.resolve, w.reject);

  async function write(group: Waiting[]): Promise<void> {
    if (group.length === 1) return storeAlone(group[0]!);
    let stored: StoredDelivery[];
    try {
      stored = await storeWebhookDeliveries(
        sql,
        group.map((w) => w.delivery),
      );
    } catch {
      // Nothing of the group was stored: each delivery alone, with its own answer.
      await Promise.all(group.map(storeAlone));
      return;
    }
    group.forEach((w, i) => w.resolve(stored[i]!));
  }

  function drain(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = waiting.slice(0, maxGroup);
      waiting = waiting.slice(maxGroup);
      inFlight += 1;
      void write(group).finally(() => {
        inFlight -= 1;
        drain();
      });
    }
  }

  return (delivery) =>
    new Promise<StoredDelivery>((resolve, reject) => {
      waiting.push({ delivery, resolve, reject });
      drain();
    });
}
