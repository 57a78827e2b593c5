-- The shared job runner (@pp/db jobRunner) picks a job's handler by its kind; every payment job so
-- far resumes a transaction that waits (stage WAIT) at its next stage. It prunes the jobs done
-- longer ago than JOB_RETENTION_MS through the index of done jobs by age.
ALTER TABLE "payment_jobs" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'RESUME_TRANSACTION';
CREATE INDEX "payment_jobs_done_idx" ON "payment_jobs" ("done_at") WHERE "done_at" IS NOT NULL;
