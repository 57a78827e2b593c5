import { inTransaction } from '@pp/db'
import { newId } from '@pp/ids'
import { countAchFilesSince, insertAchFile, nextTraceSequences, type AchEntryKind, type NewAchFile } from '../../../db/ach.db.js'
import { findBankFileCandidates, lockClaimableBankPayouts, type BankFileCandidate } from '../../../db/bank-files.db.js'
import { dropPrenoteRequest, findPrenoteRequests, takePrenoteRequests, type PrenoteRequest } from '../../../db/ach-prenotes.db.js'
import type { PaymentsDeps } from '../../deps.js'
import type { Environment } from '../../types.js'
import { digestOf } from '../bank-files/digest.js'
import { payableCredits, refuseBankPayout } from '../bank-files/payable.js'
import { nachaFileOf, uploadFile } from './ach-file.js'
import type { AchFileSummary, AchRail } from './ach-rail.js'
import { assertEntry, secCodeOf, traceNumber, type NachaCredit } from './nacha-file.js'
import { bankingDaysAfter, yymmdd } from '../bank-files/schedule.js'
import { resendUnsentFiles } from './resend-files.js'

const MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/**
 * A cut-off: first sends what a crash left built and unsent, then builds one file of the payouts
 * executed before `cutoff` that wait for ACH, and uploads it. Answers the files sent. Run at
 * start too, it sends what a cut-off missed while no replica was up, and nothing else.
 */
export async function runAchCutoff(deps: PaymentsDeps, ach: AchRail, cutoff: Date): Promise<AchFileSummary[]> {
  const resent = await resendUnsentFiles(deps, ach)
  const built = await buildAchFile(deps, ach, cutoff)
  return built ? [...resent, built] : resent
}

/** What an entry is for: a waiting payout, or the prenote of an account awaiting validation. */
interface EntrySubject {
  kind: AchEntryKind
  transactionId: string | null
  platformId: string
  environment: string
  externalAccountId: string
  /** In cents: 0 for a prenote. */
  amount: bigint
  /** Shown to the receiver (its last 15 characters): the payout's reference, or the account's id. */
  reference: string
  /** The request its ledger reads name (a payout's executing request), '' when none. */
  requestId: string
}

/** An entry with what the file needs; the account number is in memory only. */
type Credit = Omit<NachaCredit, 'traceNumber'> & { subject: EntrySubject }

const payoutOf = (candidate: BankFileCandidate): EntrySubject => ({ ...candidate, kind: 'PAYOUT', requestId: candidate.requestId ?? '' })
const prenoteOf = (request: PrenoteRequest): EntrySubject => ({
  ...request,
  kind: 'PRENOTE',
  transactionId: null,
  amount: 0n,
  reference: request.externalAccountId,
  requestId: '',
})

/**
 * Builds one file of up to ACH_FILE_ENTRIES_MAX entries, waiting payouts first, then the prenotes
 * of accounts awaiting validation, and uploads it. The bank details come from the ledger before
 * the claim (no network call inside a transaction); the claim then locks the payouts still
 * unclaimed and takes the prenote requests still queued, and the file, its entries and its digest
 * commit together, so no payout or prenote goes into two files. The upload follows the commit: a
 * crash between them leaves the file BUILT, and the next cut-off sends it.
 */
async function buildAchFile(deps: PaymentsDeps, ach: AchRail, cutoff: Date): Promise<AchFileSummary | undefined> {
  const candidates = await findBankFileCandidates(deps.db, 'ACH', cutoff, ach.settings.fileEntriesMax)
  const requests = await findPrenoteRequests(deps.db, ach.settings.fileEntriesMax - candidates.length)
  const odfi = ach.settings.originator.odfiIdentification
  const credits = await payableCredits(
    deps,
    [...candidates.map(payoutOf), ...requests.map(prenoteOf)],
    async (subject) => {
      const credit = await creditOf(deps, subject)
      assertEntry({ ...credit, traceNumber: traceNumber(odfi, 1) }, odfi)
      return credit
    },
    (subject, reason) => refuse(deps, subject, reason),
  )
  if (credits.length === 0) return undefined
  const sequences = await nextTraceSequences(deps.db, credits.length + (ach.settings.offset ? 2 : 0))
  const traced = credits.map((credit, i) => ({ ...credit, traceNumber: traceNumber(odfi, sequences[i]!) }))
  const offsetTraceNumbers = ach.settings.offset ? { PPD: traceNumber(odfi, sequences.at(-2)!), CCD: traceNumber(odfi, sequences.at(-1)!) } : null
  const now = deps.now()
  const effectiveDay = bankingDaysAfter(now, ach.settings.effectiveDays, ach.settings.calendar)
  const effectiveDate = yymmdd(effectiveDay)
  const settlesAt: Record<AchEntryKind, Date> = {
    PAYOUT: new Date(effectiveDay.getTime() + ach.settings.settlementAfterMs),
    // NACHA's waiting period: live entries may follow a prenote this many banking days after its settlement date
    PRENOTE: bankingDaysAfter(effectiveDay, ach.settings.prenoteWaitDays, ach.settings.calendar),
  }
  const recorded = await inTransaction(deps.db, async (tx) => {
    const claimable = await lockClaimableBankPayouts(tx, 'ACH', traced.flatMap((credit) => credit.subject.transactionId ?? []))
    const taken = await takePrenoteRequests(tx, traced.filter((credit) => credit.prenote).map((credit) => credit.subject.externalAccountId))
    const claimed = traced.filter((credit) => (credit.prenote ? taken.has(credit.subject.externalAccountId) : claimable.has(credit.subject.transactionId!)))
    if (claimed.length === 0) return undefined
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    const fileIdModifier = MODIFIERS[(await countAchFilesSince(tx, startOfDay)) % MODIFIERS.length]!
    const content = nachaFileOf(ach, { createdAt: now, fileIdModifier, effectiveDate, offsetTraceNumbers }, claimed)
    const file: NewAchFile = {
      id: newId('AchFile'),
      name: `ACH_${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}_${fileIdModifier}.txt`,
      fileIdModifier,
      effectiveDate,
      entryCount: claimed.length,
      totalCredit: content.totalCredit,
      digest: digestOf(content.content),
      offsetTraceNumbers,
      createdAt: now,
    }
    const entries = claimed.map(({ subject, ...credit }) => ({
      id: newId('AchEntry'),
      kind: subject.kind,
      transactionId: subject.transactionId,
      traceNumber: credit.traceNumber,
      platformId: subject.platformId,
      environment: subject.environment,
      externalAccountId: subject.externalAccountId,
      amount: credit.amount,
      receiverReference: credit.receiverReference,
      secCode: credit.secCode,
      settlesAt: settlesAt[subject.kind],
    }))
    await insertAchFile(tx, file, entries)
    return { file, content: content.content }
  })
  if (!recorded) return undefined
  return uploadFile(deps, ach, recorded.file, recorded.content)
}

async function creditOf(deps: PaymentsDeps, subject: EntrySubject): Promise<Credit> {
  // a payout's executing request: the ledger's log of the read traces back to it
  const ctx = { platformId: subject.platformId, environment: subject.environment as Environment, requestId: subject.requestId }
  const details = await deps.services.payoutBankDetails(ctx, subject.externalAccountId)
  return {
    subject,
    secCode: secCodeOf(details.beneficiaryType),
    routingNumber: details.routingNumber,
    accountNumber: details.accountNumber,
    accountKind: details.accountKind,
    amount: subject.amount,
    receiverName: details.beneficiaryName,
    receiverReference: subject.reference.slice(-15),
    ...(subject.kind === 'PRENOTE' && { prenote: true }),
  }
}

async function refuse(deps: PaymentsDeps, subject: EntrySubject, reason: string): Promise<void> {
  if (subject.kind === 'PRENOTE') {
    deps.logger.warn({ externalAccountId: subject.externalAccountId, reason }, 'ACH prenote dropped: its account cannot be validated by ACH')
    return dropPrenoteRequest(deps.db, subject.externalAccountId)
  }
  return refuseBankPayout(deps, 'ACH', subject.transactionId!, reason)
}
