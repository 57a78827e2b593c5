/**
 * The wait before the next attempt after `attemptsMade` failed ones, or undefined when the
 * schedule is used up and the delivery is dead-lettered. The wait is spread by ± `jitterRatio`
 * (`random` in [0, 1)) so that deliveries that failed together do not all come back together.
 */
export function nextRetryDelayMs(
  scheduleMs: readonly number[],
  attemptsMade: number,
  jitterRatio: number,
  random: () => number = Math.random,
): number | undefined {
  const base = scheduleMs[attemptsMade - 1]
  if (base === undefined) return undefined
  return Math.max(0, Math.round(base * (1 + jitterRatio * (2 * random() - 1))))
}

/** Attempts a delivery gets in all: the first plus one per wait of the schedule. */
export const maxAttempts = (scheduleMs: readonly number[]): number => scheduleMs.length + 1
