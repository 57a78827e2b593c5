import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { invalidInput, type FieldError } from '@pp/errors'
import { newId } from '@pp/ids'
import { insertOperatorAction, listOperatorActionsBefore } from '../../db/operator-actions.db.js'
import type { PlatformDeps } from '../deps.js'
import type { OperatorAction } from './types.js'

export const OPERATOR_ACTION_OUTCOMES = ['STARTED', 'SUCCEEDED', 'FAILED'] as const
export type OperatorActionOutcome = (typeof OPERATOR_ACTION_OUTCOMES)[number]

export interface OperatorActionInput {
  operator: string
  command: string
  arguments: string[]
  requestId: string
  outcome: string
  errorCode?: string
}

const TEXT_MAX = 200

function assertAction(input: OperatorActionInput): void {
  const errors: FieldError[] = []
  for (const field of ['operator', 'command', 'requestId'] as const) {
    const value = input[field].trim()
    if (value.length === 0 || value.length > TEXT_MAX) errors.push({ field, message: `1 to ${TEXT_MAX} characters` })
  }
  if (!(OPERATOR_ACTION_OUTCOMES as readonly string[]).includes(input.outcome)) {
    errors.push({ field: 'outcome', message: `one of ${OPERATOR_ACTION_OUTCOMES.join(', ')}`, constraint: { enum: [...OPERATOR_ACTION_OUTCOMES] } })
  }
  if (input.errorCode !== undefined && input.outcome !== 'FAILED') errors.push({ field: 'errorCode', message: 'only a FAILED action has one' })
  if (errors.length > 0) throw invalidInput(errors)
}

/** Appends one entry to the audit log; its time is the service's, not the caller's. */
export async function recordOperatorAction(deps: Pick<PlatformDeps, 'db'>, input: OperatorActionInput): Promise<OperatorAction> {
  assertAction(input)
  return insertOperatorAction(deps.db, {
    id: newId('OperatorAction'),
    operator: input.operator.trim(),
    command: input.command.trim(),
    arguments: input.arguments,
    requestId: input.requestId,
    outcome: input.outcome,
    errorCode: input.errorCode ?? null,
    recordedAt: new Date(),
  })
}

/** The audit log, newest first, with a keyset cursor. */
export async function listOperatorActions(deps: Pick<PlatformDeps, 'db'>, query: { limit: number; cursor?: string }): Promise<Page<OperatorAction>> {
  const limit = pageLimit(query.limit)
  const { rows, totalCount } = await listOperatorActionsBefore(deps.db, query.cursor ? decodeCursor(query.cursor) : undefined, limit + 1)
  return keysetPage(rows, limit, totalCount, (action) => action, (action) => ({ createdAt: action.recordedAt, id: action.id }))
}
