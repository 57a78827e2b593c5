import { httpStatusOf, isApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { newId } from '@pp/ids'
import {
  countAchFilesSince,
  findAchCandidates,
  insertAchFile,
  lockClaimableAchPayouts,
  nextTraceSequences,
  rejectBankPayout,
  type AchCandidate,
  type NewAchFile,
} from '../../../db/ach.db.js'
import type { PaymentsDeps } from '../../deps.js'
import type { Environment } from '../../types.js'
import { driveTransaction } from '../../transactions/driver.js'
import { digestOf, nachaFileOf, uploadFile } from './ach-file.js'
import type { AchFileSummary, AchRail } from './ach-rail.js'
import { assertEntry, secCodeOf, traceNumber, type NachaCredit } from './nacha-file.js'
import { dayOf, effectiveDateOf, yymmdd } from './schedule.js'
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

/** A waiting payout with what its entry needs; the account number is in memory only. */
type Credit = Omit<NachaCredit, 'traceNumber'> & { candidate: AchCandidate }

/**
 * Builds one file of up to ACH_FILE_ENTRIES_MAX waiting payouts and uploads it. The bank details
 * come from the ledger before the claim (no network call inside a transaction); the claim then
 * locks the payouts still unclaimed, and the file, its entries and its digest commit together, so
 * no payout goes into two files. The upload follows the commit: a crash between them leaves the
 * file BUILT, and the next cut-off sends it.
 */
async function buildAchFile(deps: PaymentsDeps, ach: AchRail, cutoff: Date): Promise<AchFileSummary | undefined> {
  const candidates = await findAchCandidates(deps.db, cutoff, ach.settings.fileEntriesMax)
  if (candidates.length === 0) return undefined
  const credits = await payableCredits(deps, ach, candidates)
  if (credits.length === 0) return undefined
  const sequences = await nextTraceSequences(deps.db, credits.length + (ach.settings.offset ? 2 : 0))
  const odfi = ach.settings.originator.odfiIdentification
  const traced = credits.map((credit, i) => ({ ...credit, traceNumber: traceNumber(odfi, sequences[i]!) }))
  const offsetTraceNumbers = ach.settings.offset ? { PPD: traceNumber(odfi, sequences.at(-2)!), CCD: traceNumber(odfi, sequences.at(-1)!) } : null
  const now = deps.now()
  const effectiveDate = yymmdd(effectiveDateOf(now, ach.settings.effectiveDays))
  const settlesAt = new Date(dayOf(effectiveDate).getTime() + ach.settings.settlementAfterMs)
  const recorded = await inTransaction(deps.db, async (tx) => {
    const claimable = await lockClaimableAchPayouts(tx, traced.map((credit) => credit.candidate.transactionId))
    const claimed = traced.filter((credit) => claimable.has(credit.candidate.transactionId))
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
    const entries = claimed.map((credit) => ({
      id: newId('AchEntry'),
      transactionId: credit.candidate.transactionId,
      traceNumber: credit.traceNumber,
      platformId: credit.candidate.platformId,
      environment: credit.candidate.environment,
      externalAccountId: credit.candidate.externalAccountId,
      amount: credit.amount,
      receiverReference: credit.receiverReference,
      secCode: credit.secCode,
      settlesAt,
    }))
    await insertAchFile(tx, file, entries)
    return { file, content: content.content }
  })
  if (!recorded) return undefined
  return uploadFile(deps, ach, recorded.file, recorded.content)
}

/**
 * The candidates' credits, their bank details asked of the ledger one by one. A payout whose
 * account the ledger refuses (gone, not a US bank account) or whose numbers a bank would reject
 * fails now, its hold voided; one the ledger cannot answer for now waits for the next cut-off.
 */
async function payableCredits(deps: PaymentsDeps, ach: AchRail, candidates: AchCandidate[]): Promise<Credit[]> {
  const credits: Credit[] = []
  for (const candidate of candidates) {
    try {
      const credit = await creditOf(deps, candidate)
      assertEntry({ ...credit, traceNumber: traceNumber(ach.settings.originator.odfiIdentification, 1) }, ach.settings.originator.odfiIdentification)
      credits.push(credit)
    } catch (err) {
      if (isApiError(err) && httpStatusOf(err.code) >= 500) {
        deps.logger.warn({ err, transactionId: candidate.transactionId }, 'ACH payout left for the next cut-off: the ledger did not give its bank details')
        continue
      }
      await failUnpayable(deps, candidate, err instanceof Error ? err.message : String(err))
    }
  }
  return credits
}

export async function creditOf(deps: PaymentsDeps, candidate: AchCandidate): Promise<Credit> {
  // the platform's request that executed the payout: the ledger's log of the read traces back to it
  const ctx = { platformId: candidate.platformId, environment: candidate.environment as Environment, requestId: candidate.requestId ?? '' }
  const details = await deps.services.payoutBankDetails(ctx, candidate.externalAccountId)
  return {
    candidate,
    secCode: secCodeOf(details.beneficiaryType),
    routingNumber: details.routingNumber,
    accountNumber: details.accountNumber,
    accountKind: details.accountKind,
    amount: candidate.amount,
    receiverName: details.beneficiaryName,
    receiverReference: candidate.reference.slice(-15),
  }
}

async function failUnpayable(deps: PaymentsDeps, candidate: AchCandidate, reason: string): Promise<void> {
  deps.logger.warn({ transactionId: candidate.transactionId, reason }, 'ACH payout failed: its account cannot be paid by ACH')
  const moved = await rejectBankPayout(deps.db, candidate.transactionId, { rail: 'ACH', reason }, deps.now())
  // a ledger outage here leaves it at VOID, which the recovery run finishes
  if (moved) await driveTransaction(deps, candidate.transactionId, 'FAIL').catch((err: unknown) => deps.logger.warn({ err, transactionId: candidate.transactionId }, 'void left to the recovery run'))
}
