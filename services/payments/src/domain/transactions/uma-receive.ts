import { invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { findCurrency } from '@pp/money'
import { findReplay, idempotentCall, inTransaction, isUniqueViolation, sqlOf, storeAnswer } from '@pp/db'
import { insertTransaction } from '../../db/transactions.db.js'
import type { PaymentsDeps } from '../deps.js'
import { paymentLegs } from '../quotes/legs.js'
import { tenantOf, type Caller } from '../types.js'
import { driveTransaction } from './driver.js'
import { findTransaction } from './find.js'
import { assertSandbox } from './sandbox-send.js'
import type { NewTransactionRow, TransactionRow } from './types.js'

export interface SandboxUmaReceiveInput {
  senderUmaAddress: string
  receiverUmaAddress?: string
  /** Required: the customer whose account receives the payment. */
  customerId?: string
  receivingCurrencyCode: string
  receivingCurrencyAmount: bigint
}

/**
 * Sandbox: an UMA payment from `senderUmaAddress` arrives for a customer. It credits the customer's
 * internal account in the receiving currency from the tenant's funding account and shows as an
 * INCOMING transaction (INCOMING_PAYMENT events).
 */
export async function sandboxUmaReceive(deps: PaymentsDeps, caller: Caller, request: SandboxUmaReceiveInput): Promise<TransactionRow> {
  assertSandbox(caller)
  const tenant = tenantOf(caller)
  const call = caller.idempotencyKey ? idempotentCall(caller.idempotencyKey, 'sandboxUmaReceive', request, deps) : undefined
  if (call) {
    const replay = await findReplay<{ transactionId: string }>(deps.sql, tenant, call)
    if (replay) return findTransaction(deps, tenant, replay.transactionId)
  }
  if (!request.customerId) {
    throw invalidInput([{ field: 'customerId', message: 'required: the customer whose account receives the payment' }])
  }
  const currency = findCurrency(request.receivingCurrencyCode)
  if (!currency) throw invalidInput([{ field: 'receivingCurrencyCode', message: 'not a supported currency' }])
  if (request.receivingCurrencyAmount <= 0n) throw invalidInput([{ field: 'receivingCurrencyAmount', message: 'must be positive' }])
  const customer = await deps.services.customer(caller, request.customerId)
  const accounts = await deps.services.customerAccounts(caller, customer.id, currency.code)
  const account = accounts.find((a) => a.type !== 'RULE_BASED' && a.status === 'ACTIVE')
  if (!account) {
    throw invalidInput([{ field: 'receivingCurrencyCode', message: `the customer has no active ${currency.code} internal account` }])
  }
  const now = deps.now()
  const id = newId('Transaction')
  const amount = request.receivingCurrencyAmount
  const row: NewTransactionRow = {
    id,
    ...tenant,
    requestId: caller.requestId,
    type: 'INCOMING',
    direction: 'CREDIT',
    status: 'PENDING',
    stage: 'HOLD',
    outcome: 'SETTLE',
    customerId: customer.id,
    platformCustomerId: customer.platformCustomerId,
    source: { sourceType: 'UMA_ADDRESS', umaAddress: request.senderUmaAddress, currency: currency.code },
    destination: {
      destinationType: 'ACCOUNT',
      accountId: account.id,
      currency: currency.code,
      ...(request.receiverUmaAddress ? { umaAddress: request.receiverUmaAddress } : {}),
    },
    sendingCurrency: currency.code,
    sentAmount: amount,
    receivingCurrency: currency.code,
    receivedAmount: amount,
    fees: 0n,
    platformFees: 0n,
    legs: paymentLegs({
      debit: { system: 'FUNDING', currency: currency.code },
      credit: { accountId: account.id },
      sendingCurrency: currency.code,
      receivingCurrency: currency.code,
      principal: amount,
      received: amount,
      fees: 0n,
    }),
    reference: `UMA-${id.slice(-12).toUpperCase()}`,
    senderIdentifier: request.senderUmaAddress,
    receiverIdentifier: account.id,
    createdAt: now,
    updatedAt: now,
  }
  try {
    await inTransaction(deps.db, async (tx) => {
      await insertTransaction(tx, row)
      if (call) await storeAnswer(sqlOf(tx), tenant, call, { transactionId: id }, now)
    })
  } catch (err) {
    const replay = call && isUniqueViolation(err) ? await findReplay<{ transactionId: string }>(deps.sql, tenant, call) : undefined
    if (!replay) throw err
    return findTransaction(deps, tenant, replay.transactionId)
  }
  await driveTransaction(deps, id, 'FAIL')
  return findTransaction(deps, tenant, id)
}
