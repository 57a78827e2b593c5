import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { insertReplay, type ReplayWindow } from '../../db/replays.db.js'
import type { WebhooksDeps } from '../deps.js'
import type { Caller } from '../types.js'
import { idempotently } from './idempotent.js'
import { replayJson, type ReplayJson } from './replay-view.js'

export interface CreateReplayInput {
  createdAfter?: Date
  createdBefore?: Date
  types: string[]
}

/** The longest window one replay covers: a bounded job, and no older than the log keeps anyway (30 days). */
export const REPLAY_WINDOW_MAX_MS = 31 * 24 * 3_600_000
const TYPES_MAX = 50
const TYPE_LENGTH_MAX = 100

/**
 * Replays the caller's deliveries created from createdAfter to createdBefore (both included), of the given types or
 * all: one job row that the replay worker works through in creation order, sending each delivery
 * once. The window's PENDING deliveries are folded into it, so none also goes out on its retry
 * schedule. Answers the replay with the number of deliveries it will send. Refused while the
 * platform has no endpoint to send to.
 */
export async function createReplay(deps: Pick<WebhooksDeps, 'db' | 'sql' | 'settings' | 'endpointDirectory'>, caller: Caller, input: CreateReplayInput): Promise<ReplayJson> {
  const window = replayWindow(input)
  if (!(await deps.endpointDirectory.current(caller)).url) {
    throw new ApiError('WEBHOOK_ENDPOINT_NOT_SET', 'No webhookEndpoint is configured: set one with PATCH /config, and the held deliveries go out by themselves')
  }
  return idempotently(deps, caller, 'CreateReplay', window, async (tx) => replayJson(await insertReplay(tx, newId('WebhookReplay'), caller, window)))
}

function replayWindow({ createdAfter, createdBefore, types }: CreateReplayInput): ReplayWindow {
  const errors = [
    ...(createdAfter ? [] : [{ field: 'createdAfter', message: 'required: the start of the window (ISO 8601)' }]),
    ...(createdBefore ? [] : [{ field: 'createdBefore', message: 'required: the end of the window (ISO 8601)' }]),
    ...(createdAfter && createdBefore && createdAfter >= createdBefore ? [{ field: 'createdBefore', message: 'must be later than createdAfter' }] : []),
    ...(createdAfter && createdBefore && createdBefore.getTime() - createdAfter.getTime() > REPLAY_WINDOW_MAX_MS
      ? [{ field: 'createdBefore', message: 'the window spans at most 31 days' }]
      : []),
    ...(types.length > TYPES_MAX ? [{ field: 'types', message: `at most ${TYPES_MAX} types` }] : []),
    ...types.flatMap((type, index) =>
      type.length >= 1 && type.length <= TYPE_LENGTH_MAX
        ? []
        : [{ field: `types[${index}]`, message: `1 to ${TYPE_LENGTH_MAX} characters`, constraint: { maxLength: TYPE_LENGTH_MAX } }],
    ),
  ]
  if (errors.length > 0) throw invalidInput(errors)
  return { createdAfter: createdAfter!, createdBefore: createdBefore!, types: [...new Set(types)].sort() }
}
