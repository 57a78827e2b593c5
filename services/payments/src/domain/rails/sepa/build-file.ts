import { inTransaction } from '@pp/db'
import { newId } from '@pp/ids'
import { findBankFileCandidates, lockClaimableBankPayouts, type BankFileCandidate } from '../../../db/bank-files.db.js'
import { findSepaEntriesOfFile, findUnsentSepaFiles, insertSepaFile, markSepaFileSent, type NewSepaEntry, type NewSepaFile } from '../../../db/sepa.db.js'
import type { PaymentsDeps } from '../../deps.js'
import type { Environment } from '../../types.js'
import { digestOf } from '../bank-files/digest.js'
import { payableCredits, refuseBankPayout, resendUnchanged } from '../bank-files/payable.js'
import { bankingDaysAfter } from '../bank-files/schedule.js'
import { assertSepaCredit, buildPain001, type SepaCredit } from './pain001.js'
import { endToEndIdOf, sepaMetrics, type SepaFileSummary, type SepaRail } from './sepa-rail.js'

/** What a credit transfer is made of: the payout as payments knows it, the creditor as the ledger gives it. */
interface Subject {
  transactionId: string
  platformId: string
  environment: string
  externalAccountId: string
  /** In cents. */
  amount: bigint
  remittance: string
  /** The request its ledger reads name (the payout's executing request), '' when none. */
  requestId: string
}

const subjectOf = (candidate: BankFileCandidate): Subject => ({ ...candidate, remittance: candidate.reference, requestId: candidate.requestId ?? '' })

/**
 * A cut-off: first sends what a crash left built and unsent, then builds one pain.001 file of the
 * payouts executed before `cutoff` that wait for SEPA, and uploads it. Answers the files sent.
 */
export async function runSepaCutoff(deps: PaymentsDeps, sepa: SepaRail, cutoff: Date): Promise<SepaFileSummary[]> {
  const resent = await resendUnchanged(
    deps,
    await findUnsentSepaFiles(deps.db),
    async (file) => {
      const entries = await findSepaEntriesOfFile(deps.db, file.id)
      const credits = await Promise.all(entries.map((entry) => creditOf(deps, { ...entry, requestId: '' }, file.executionDate)))
      return buildPain001({ messageId: file.messageId, createdAt: file.createdAt, debtor: sepa.settings.debtor, credits }).content
    },
    (file, content) => upload(deps, sepa, file, content),
  )
  const built = await buildSepaFile(deps, sepa, cutoff)
  return built ? [...resent, built] : resent
}

/**
 * Builds one file of up to SEPA_FILE_ENTRIES_MAX credit transfers and uploads it. The creditors'
 * IBANs come from the ledger before the claim (no network call inside a transaction); the claim
 * then locks the payouts still unclaimed, and the file, its entries and its digest commit
 * together, so no payout goes into two files. The upload follows the commit: a crash between them
 * leaves the file BUILT, and the next cut-off sends it.
 */
async function buildSepaFile(deps: PaymentsDeps, sepa: SepaRail, cutoff: Date): Promise<SepaFileSummary | undefined> {
  const now = deps.now()
  const executionDate = bankingDaysAfter(now, sepa.settings.executionDays, sepa.settings.calendar).toISOString().slice(0, 10)
  const candidates = await findBankFileCandidates(deps.db, 'SEPA', cutoff, sepa.settings.fileEntriesMax)
  const credits = await payableCredits(
    deps,
    candidates.map(subjectOf),
    async (subject) => ({ subject, credit: await creditOf(deps, subject, executionDate) }),
    (subject, reason) => refuseBankPayout(deps, 'SEPA', subject.transactionId, reason),
  )
  if (credits.length === 0) return undefined
  const recorded = await inTransaction(deps.db, async (tx) => {
    const claimable = await lockClaimableBankPayouts(tx, 'SEPA', credits.map(({ subject }) => subject.transactionId))
    const claimed = credits.filter(({ subject }) => claimable.has(subject.transactionId))
    if (claimed.length === 0) return undefined
    const id = newId('SepaFile')
    const messageId = endToEndIdOf(id)
    const content = buildPain001({ messageId, createdAt: now, debtor: sepa.settings.debtor, credits: claimed.map(({ credit }) => credit) })
    const file: NewSepaFile = {
      id,
      name: `pain001_${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}_${messageId.slice(-8)}.xml`,
      messageId,
      executionDate,
      entryCount: claimed.length,
      totalCents: content.totalCents,
      digest: digestOf(content.content),
      createdAt: now,
    }
    const entries: NewSepaEntry[] = claimed.map(({ subject, credit }) => ({
      id: newId('SepaEntry'),
      transactionId: subject.transactionId,
      endToEndId: credit.endToEndId,
      paymentInformationId: content.paymentInformationIds.get(credit.endToEndId)!,
      platformId: subject.platformId,
      environment: subject.environment,
      externalAccountId: subject.externalAccountId,
      amount: subject.amount,
      remittance: subject.remittance,
    }))
    await insertSepaFile(tx, file, entries)
    return { file, content: content.content }
  })
  if (!recorded) return undefined
  return upload(deps, sepa, recorded.file, recorded.content)
}

/** A payout's credit transfer: the creditor's name, IBAN and BIC from the ledger, checked against the scheme's rules. */
async function creditOf(deps: PaymentsDeps, subject: Subject, executionDate: string): Promise<SepaCredit> {
  // a payout's executing request: the ledger's log of the read traces back to it
  const ctx = { platformId: subject.platformId, environment: subject.environment as Environment, requestId: subject.requestId }
  const details = await deps.services.payoutBankDetails(ctx, subject.externalAccountId)
  if (!details.iban) throw new Error(`external account ${subject.externalAccountId} has no IBAN`)
  const credit: SepaCredit = {
    endToEndId: endToEndIdOf(subject.transactionId),
    amount: subject.amount,
    creditorName: details.beneficiaryName,
    iban: details.iban.replace(/\s+/g, '').toUpperCase(),
    ...(details.swiftCode && { bic: details.swiftCode.toUpperCase() }),
    remittance: subject.remittance,
    executionDate,
  }
  assertSepaCredit(credit)
  return credit
}

async function upload(deps: PaymentsDeps, sepa: SepaRail, file: NewSepaFile, content: string): Promise<SepaFileSummary> {
  await sepa.transport.upload(file.name, content)
  await markSepaFileSent(deps.db, file.id, deps.now())
  sepaMetrics.fileSent(file.entryCount)
  deps.logger.info({ file: file.name, messageId: file.messageId, entries: file.entryCount, totalCents: file.totalCents.toString() }, 'SEPA file sent')
  return { id: file.id, name: file.name, messageId: file.messageId, entryCount: file.entryCount, totalCents: file.totalCents }
}
