// Writing each clinic's audit head down outside its chain, into audit_anchors (append-only; its
// trigger only takes an anchor that names an entry the chain holds). A chain cut or rewritten after
// an anchor no longer ends in, or no longer holds, the anchored entry, and `npm run audit:verify`
// says so (verify.ts). Runs on the job queue every few minutes (lib/queue/queues.ts) and after
// retention. Not for the retention's own "removal" anchors (retention.ts writes those).
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** Anchors every clinic whose newest entry is not anchored yet; returns how many anchors it wrote. */
export function anchorAuditHeads(client: PrismaClient): Promise<number> {
  // One index probe per clinic (the primary key's clinic_id, seq), not a scan of the trail.
  return client.$executeRaw`
    INSERT INTO audit_anchors (clinic_id, kind, seq, hash)
    SELECT c.id, 'head', h.seq, h.hash
      FROM clinics c
      CROSS JOIN LATERAL (
        SELECT seq, hash FROM audit_entries e WHERE e.clinic_id = c.id ORDER BY seq DESC LIMIT 1
      ) h
     WHERE NOT EXISTS (
       SELECT 1 FROM audit_anchors a
        WHERE a.clinic_id = c.id AND a.kind = 'head' AND a.seq = h.seq AND a.hash = h.hash
     )`;
}
