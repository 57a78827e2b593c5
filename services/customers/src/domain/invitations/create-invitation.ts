import { randomBytes } from 'node:crypto'
import { ApiError, invalidInput } from '@pp/errors'
import { findInviterCurrencies, insertInvitation } from '../../db/invitations.db.js'
import { assertUmaAddress } from '../customers/uma-address.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import type { InvitationRecord, InvitationView } from './types.js'
import { toInvitationView } from './view.js'

export interface CreateInvitationInput {
  inviterUma: string
  firstName?: string
  amountToSend?: bigint
  expiresAt?: Date
}

/** Display amounts without a currency on the inviter are in this one. */
const DEFAULT_CURRENCY = 'USD'

/**
 * An invitation from one of the platform's customers, claimable at `https://<umaDomain>/i/<code>`:
 * the platform must have configured its UMA domain (INVITATIONS_NOT_CONFIGURED otherwise).
 */
export async function createInvitation(deps: CustomersDeps, caller: Caller, input: CreateInvitationInput): Promise<InvitationView> {
  const inviterUma = assertUmaAddress(input.inviterUma, 'inviterUma')
  const now = deps.now()
  assertInputs(input, now)
  const { umaDomain } = await deps.platformConfig.getConfig(caller)
  if (!umaDomain) throw new ApiError('INVITATIONS_NOT_CONFIGURED', 'Set the platform umaDomain (PATCH /config) before creating invitations')
  const tenant = tenantOf(caller)
  const currencies = await findInviterCurrencies(deps.db, tenant, inviterUma)
  if (!currencies) throw new ApiError('INVALID_UMA_ADDRESS', 'inviterUma is not the UMA address of one of your customers', { field: 'inviterUma' })
  const code = randomBytes(8).toString('hex')
  const record: InvitationRecord = {
    code,
    inviterUma,
    firstName: input.firstName,
    amountToSend: input.amountToSend === undefined ? undefined : { amount: input.amountToSend, currency: currencies[0] ?? DEFAULT_CURRENCY },
    url: `https://${umaDomain}/i/${code}`,
    status: 'PENDING',
    expiresAt: input.expiresAt,
    createdAt: now,
  }
  await insertInvitation(deps.db, tenant, record)
  return toInvitationView(record, now)
}

function assertInputs(input: CreateInvitationInput, now: Date): void {
  const errors = [
    ...(input.amountToSend !== undefined && input.amountToSend <= 0n ? [{ field: 'amountToSend', message: 'must be positive' }] : []),
    ...(input.expiresAt && input.expiresAt <= now ? [{ field: 'expiresAt', message: 'must be in the future' }] : []),
  ]
  if (errors.length > 0) throw invalidInput(errors)
}
