-- The operator audit log: every `pnpm admin` command appends that it started and how it ended.
-- Append-only: row triggers refuse UPDATE and DELETE, a statement trigger refuses TRUNCATE, and
-- the service's runtime role holds no TRUNCATE or DDL (see the database roles in docs/operations.md).
CREATE TABLE "operator_actions" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "operator" TEXT NOT NULL,
  "command" TEXT NOT NULL,
  "arguments" TEXT[] NOT NULL,
  "request_id" TEXT NOT NULL,
  "outcome" TEXT NOT NULL CHECK ("outcome" IN ('STARTED', 'SUCCEEDED', 'FAILED')),
  "error_code" TEXT,
  "recorded_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "operator_actions_recorded_at_id_idx" ON "operator_actions" ("recorded_at" DESC, "id" DESC);

CREATE FUNCTION "operator_actions_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the operator audit log is append-only';
END $$;
CREATE TRIGGER "operator_actions_append_only" BEFORE UPDATE OR DELETE ON "operator_actions"
  FOR EACH ROW EXECUTE FUNCTION "operator_actions_refuse_change"();
CREATE TRIGGER "operator_actions_no_truncate" BEFORE TRUNCATE ON "operator_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "operator_actions_refuse_change"();
