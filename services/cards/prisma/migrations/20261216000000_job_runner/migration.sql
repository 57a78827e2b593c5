-- The shared job runner (@pp/db jobRunner) keeps why a job's last run failed, and prunes the jobs
-- done longer ago than JOB_RETENTION_MS through this index of done jobs by age.
ALTER TABLE "card_jobs" ADD COLUMN "last_error" TEXT;
CREATE INDEX "card_jobs_done_idx" ON "card_jobs" ("done_at") WHERE "done_at" IS NOT NULL;
