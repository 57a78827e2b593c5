import { findAchEntriesOfFile, findUnsentAchFiles, type AchFileRow } from '../../../db/ach.db.js'
import type { PaymentsDeps } from '../../deps.js'
import type { Environment } from '../../types.js'
import type { AchFileSummary, AchRail } from './ach-rail.js'
import { resendUnchanged } from '../bank-files/payable.js'
import { nachaFileOf, uploadFile } from './ach-file.js'
import type { NachaCredit, SecCode } from './nacha-file.js'

/**
 * Sends the files a crash left BUILT (recorded, not uploaded). Their content was never stored (it
 * holds account numbers): each is built again from its entries and the ledger's answers, and sent
 * only when its digest is the recorded one. One that differs (an account changed or went in
 * between) stays BUILT and is logged as an error for an operator: its payouts stay PROCESSING.
 */
export async function resendUnsentFiles(deps: PaymentsDeps, ach: AchRail): Promise<AchFileSummary[]> {
  return resendUnchanged(
    deps,
    await findUnsentAchFiles(deps.db),
    (file) => rebuild(deps, ach, file),
    (file, content) => uploadFile(deps, ach, file, content),
  )
}

async function rebuild(deps: PaymentsDeps, ach: AchRail, file: AchFileRow): Promise<string> {
  const credits: NachaCredit[] = []
  for (const entry of await findAchEntriesOfFile(deps.db, file.id)) {
    const ctx = { platformId: entry.platformId, environment: entry.environment as Environment, requestId: '' }
    const details = await deps.services.payoutBankDetails(ctx, entry.externalAccountId)
    credits.push({
      secCode: entry.secCode as SecCode,
      routingNumber: details.routingNumber,
      accountNumber: details.accountNumber,
      accountKind: details.accountKind,
      amount: entry.amount,
      receiverName: details.beneficiaryName,
      receiverReference: entry.receiverReference,
      traceNumber: entry.traceNumber,
      ...(entry.kind === 'PRENOTE' && { prenote: true }),
    })
  }
  return nachaFileOf(ach, file, credits).content
}
