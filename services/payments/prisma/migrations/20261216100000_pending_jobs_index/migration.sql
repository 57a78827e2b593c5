-- The first migration's index of pending jobs by run_at is the one payment_jobs_pending_idx
-- (20261126000000_notify_new_work) declared again: the same column under the same WHERE
-- "done_at" IS NULL. The claim and the next-due read use the later one; the copy only made each
-- insert, claim and finish of a job write a second index.
DROP INDEX "payment_jobs_run_at_idx";
