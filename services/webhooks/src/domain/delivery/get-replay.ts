import { ApiError } from '@pp/errors'
import { findReplayRow } from '../../db/replays.db.js'
import type { WebhooksDeps } from '../deps.js'
import type { Caller } from '../types.js'
import { replayJson, type ReplayJson } from './replay-view.js'

/** One replay of the caller's, with its progress; another tenant's does not exist. */
export async function getReplay(deps: Pick<WebhooksDeps, 'db'>, caller: Caller, replayId: string): Promise<ReplayJson> {
  const replay = replayId ? await findReplayRow(deps.db, caller, replayId) : undefined
  if (!replay) throw new ApiError('NOT_FOUND', `Webhook replay ${replayId} not found`)
  return replayJson(replay)
}
