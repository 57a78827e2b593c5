import { mkdir, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { VerificationReview } from '@pp/proto/customers/v1/verification_reviews'
import { limitOption, parseCommandArgs, requiredString, type ParsedArgs } from '../args.js'
import { table, timeText, type Command } from '../command.js'
import type { Services } from '../services.js'

const REVIEW_COLUMNS = ['VERIFICATION', 'PLATFORM', 'CUSTOMER', 'STATUS', 'CREATED', 'DECIDED BY', 'REASON']
const reviewRow = (r: VerificationReview): string[] => [
  r.verificationId, r.platformId, r.customerId, r.status, timeText(r.createdAt), r.decidedBy ?? '-', r.reason ?? '-',
]

const decidedText = (r: VerificationReview): string =>
  `${r.verificationId} ${r.status}${r.reason ? ` (${r.reason})` : ''} by ${r.decidedBy} at ${timeText(r.decidedAt)}`

const list: Command = {
  usage: '[--status PENDING|APPROVED|REJECTED|ALL] [--platform PlatformId] [--limit N]',
  summary: 'the verifications sent to manual review, oldest first (the pending ones unless told)',
  async run(args, services) {
    const parsed = parseCommandArgs(args, { status: { type: 'string' }, platform: { type: 'string' }, limit: { type: 'string' } })
    const limit = limitOption(parsed.values.limit, 100, 100)
    const client = services.verificationReviews()
    const request = {
      status: (parsed.values.status as string | undefined)?.toUpperCase(),
      platformId: parsed.values.platform as string | undefined,
      limit,
    }
    const { reviews } = await services.call(client, client.listVerificationReviews, request)
    return { data: reviews, text: reviews.length === 0 ? 'No verification to show.' : table(REVIEW_COLUMNS, reviews.map(reviewRow)) }
  },
}

/** A file name of the operator's folder for a document: its id first, so two documents' files never collide. */
const savedName = (documentId: string, fileName: string): string => `${documentId.replace(/[^\w.-]/g, '_')}-${basename(fileName).replace(/[^\w.-]/g, '_')}`

const show: Command = {
  usage: '<VerificationId> [--save-dir DIR]',
  summary: "what to decide on: the customer's facts, the verification and its documents (type, name, size); --save-dir writes the files there to look at",
  async run(args, services) {
    const parsed = parseCommandArgs(args, { 'save-dir': { type: 'string' } }, 1)
    const [verificationId] = parsed.positionals as [string]
    const client = services.verificationReviews()
    const shown = await services.call(client, client.getVerificationReview, { verificationId })
    const saveDir = parsed.values['save-dir'] as string | undefined
    const saved: Record<string, string> = {}
    if (saveDir) {
      await mkdir(saveDir, { recursive: true })
      for (const document of shown.documents) {
        const { content } = await services.call(client, client.getVerificationReviewDocument, { verificationId, documentId: document.id })
        saved[document.id] = join(saveDir, savedName(document.id, document.fileName))
        await writeFile(saved[document.id]!, content, { mode: 0o600 })
      }
    }
    const customer = JSON.parse(shown.customerJson) as Record<string, unknown>
    const verification = JSON.parse(shown.verificationJson) as Record<string, unknown>
    const documents = shown.documents.map((d) => ({ ...d, ...(saved[d.id] && { savedTo: saved[d.id] }) }))
    const rows = documents.map((d) => [d.id, d.holderId, d.documentType + (d.side ? ` (${d.side})` : ''), d.fileName, d.contentType, String(d.sizeBytes), d.savedTo ?? '-'])
    const text = [
      table(REVIEW_COLUMNS, [reviewRow(shown.review!)]),
      '',
      'Customer:',
      JSON.stringify(customer, null, 2),
      '',
      `Verification: ${verification.verificationStatus as string}`,
      '',
      documents.length === 0 ? 'No documents.' : table(['DOCUMENT', 'HOLDER', 'TYPE', 'FILE', 'CONTENT TYPE', 'BYTES', 'SAVED TO'], rows),
    ].join('\n')
    return { data: { review: shown.review, customer, verification, documents }, text }
  },
}

/** Who the decision records: --operator, else who runs the command (ADMIN_OPERATOR, else user@host). */
const decidedBy = (parsed: ParsedArgs, services: Services): string => (parsed.values.operator as string | undefined)?.trim() || services.operator

async function decide(services: Services, verificationId: string, decision: 'APPROVED' | 'REJECTED', operator: string, reason?: string) {
  const client = services.verificationReviews()
  const { review } = await services.call(client, client.decideVerificationReview, { verificationId, decision, reason, operator })
  return { data: review, text: `Verification ${decidedText(review!)}` }
}

const approve: Command = {
  usage: '<VerificationId> [--operator NAME]',
  summary: "approve a verification under review: the customer's kycStatus/kybStatus becomes APPROVED with its webhook (once; a second, other decision is refused)",
  async run(args, services) {
    const parsed = parseCommandArgs(args, { operator: { type: 'string' } }, 1)
    return decide(services, parsed.positionals[0]!, 'APPROVED', decidedBy(parsed, services))
  },
}

const reject: Command = {
  usage: '<VerificationId> --reason REASON [--operator NAME]',
  summary:
    'reject a verification under review with a reason of the API (INVALID_DOCUMENT, EXPIRED_DOCUMENT, POOR_QUALITY_DOCUMENT, SUSPECTED_FRAUD_DOCUMENT, APPLICANT_SANCTIONED, APPLICANT_FRAUD, …; an unknown one is refused listing them all)',
  async run(args, services) {
    const parsed = parseCommandArgs(args, { reason: { type: 'string' }, operator: { type: 'string' } }, 1)
    return decide(services, parsed.positionals[0]!, 'REJECTED', decidedBy(parsed, services), requiredString(parsed, 'reason').toUpperCase())
  },
}

/** The review queue of production KYC/KYB verifications (issue 28, docs/production.md "Identity verification (KYC/KYB)"). */
export const verificationCommands: Record<string, Command> = { list, show, approve, reject }
