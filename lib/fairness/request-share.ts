// The request bodies (uploads) in flight, taken before Next.js reads them (lib/server/app-server.ts):
// at most `bodyBytesPerUser` of one person's, and across everyone, at most `bodyBytesInFlight`. A
// body over a bound is refused at once, unread, which costs the server almost nothing; waiting in
// line would hold the very sockets and memory the bound is there to save. (How many requests a
// person has under way is the read gate's work: lib/fairness/read-gate.ts.) Without it, thirty
// parallel 10 MB uploads by one person took the process from 314 MB to 2.3 GB (issue 27): each
// upload was held several times over. (It is now held about twice: the file in one buffer, read as it
// streams in by lib/http/multipart.ts, and its base64 for the platform.)
// In this process's memory, like the read gates (lib/fairness/read-gate.ts): N processes, N shares.
export interface ShareLimits {
  bodyBytesPerUser: number;
  bodyBytesInFlight: number;
}

export type Refusal = { why: "user-bytes"; inFlight: number } | { why: "process-bytes"; inFlight: number };

export type Admission = { ok: true; release(): void } | ({ ok: false } & Refusal);

interface Held {
  requests: number;
  bytes: number;
}

export interface RequestShare {
  /** `userId` null (nobody signed in): only the process's body bound applies. */
  admit(userId: string | null, bodyBytes: number): Admission;
  load(userId?: string): { requests: number; bytes: number; processBytes: number };
}

export function createRequestShare(limits: () => ShareLimits): RequestShare {
  const held = new Map<string, Held>();
  let processBytes = 0;
  return {
    admit(userId, bodyBytes) {
      const { bodyBytesPerUser, bodyBytesInFlight } = limits();
      if (bodyBytes <= 0) return { ok: true, release() {} };
      const mine = userId === null ? null : (held.get(userId) ?? { requests: 0, bytes: 0 });
      // One body alone is always let through the person's bound (the route caps its size itself).
      if (mine && mine.bytes > 0 && mine.bytes + bodyBytes > bodyBytesPerUser)
        return { ok: false, why: "user-bytes", inFlight: mine.bytes };
      if (processBytes > 0 && processBytes + bodyBytes > bodyBytesInFlight)
        return { ok: false, why: "process-bytes", inFlight: processBytes };
      processBytes += bodyBytes;
      if (userId !== null && mine) {
        mine.requests += 1;
        mine.bytes += bodyBytes;
        held.set(userId, mine);
      }
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          processBytes -= bodyBytes;
          if (userId === null || !mine) return;
          mine.requests -= 1;
          mine.bytes -= bodyBytes;
          if (mine.requests === 0) held.delete(userId);
        },
      };
    },
    load(userId) {
      const mine = userId ? held.get(userId) : undefined;
      return { requests: mine?.requests ?? 0, bytes: mine?.bytes ?? 0, processBytes };
    },
  };
}
