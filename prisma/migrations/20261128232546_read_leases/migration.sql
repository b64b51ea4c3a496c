-- CreateTable
CREATE TABLE "read_leases" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "read_leases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "read_leases_user_id_kind_idx" ON "read_leases"("user_id", "kind");

-- Takes one of a person's places of `kind` (at most p_limit under way across every app process):
-- 0 when taken, else how many of theirs are running. The advisory lock makes count-then-insert one
-- step for that person and kind; lapsed places (a process that died) are removed first.
CREATE FUNCTION take_read_lease(p_id TEXT, p_user TEXT, p_kind TEXT, p_limit INTEGER, p_ttl_ms INTEGER)
RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  running INTEGER;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('read_leases:' || p_kind || ':' || p_user, 0));
  DELETE FROM read_leases WHERE user_id = p_user AND kind = p_kind AND expires_at <= clock_timestamp();
  SELECT count(*) INTO running FROM read_leases WHERE user_id = p_user AND kind = p_kind;
  IF running >= p_limit THEN
    RETURN running;
  END IF;
  INSERT INTO read_leases (id, user_id, kind, expires_at)
  VALUES (p_id, p_user, p_kind, clock_timestamp() + p_ttl_ms * INTERVAL '1 millisecond');
  RETURN 0;
END;
$$;
