-- The shared job runner (@pp/db jobRunner) keeps why a job's last run failed, and prunes the jobs
-- done longer ago than JOB_RETENTION_MS through this index of done jobs by age.
ALTER TABLE "jobs" ADD COLUMN "last_error" TEXT;
CREATE INDEX "jobs_done_idx" ON "jobs" ("done_at") WHERE "done_at" IS NOT NULL;
