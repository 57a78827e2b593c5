import { amountAt, children, readIsoMessage, textAt, type XmlNode } from './iso-xml.js'

/** One transaction of a booked entry: a debit settles the payout whose end-to-end id it quotes. */
export interface BookedTransaction {
  direction: 'DBIT' | 'CRDT'
  /** Absent, or NOTPROVIDED, when the bank quotes none: it matches nothing of ours. */
  endToEndId?: string
  /** In cents; the entry's amount when the entry has a single transaction without its own. */
  amount?: bigint
  currency?: string
  /** The bank's reference of the entry, for an operator. */
  entryReference: string
  /** A return's reason code (RtrInf), on a credit that brings a payout back. */
  returnReasonCode?: string
  /** On money received: the structured creditor reference the payer quoted (ISO 11649), which names the account it is for. */
  creditorReference?: string
  /** The bank's own reference of the transaction (AcctSvcrRef): the same in the notification and in the statement. */
  bankReference?: string
  /** The payer's name, as its bank sent it. */
  payerName?: string
  /** The booking date (YYYY-MM-DD). */
  bookedOn?: string
}

export interface BankNotification {
  messageId: string
  booked: BookedTransaction[]
}

const ROOTS: Record<string, string> = { BkToCstmrDbtCdtNtfctn: 'Ntfctn', BkToCstmrStmt: 'Stmt' }

/** An entry's status: a code in camt.05x.001.08 (`Sts/Cd`), plain text in older versions. */
const statusOf = (entry: XmlNode): string | undefined => textAt(entry, 'Sts/Cd') ?? textAt(entry, 'Sts')

/**
 * Reads the booked entries of a camt.054.001.08 debit/credit notification or a camt.053.001.08
 * statement: each transaction of each entry with status BOOK, with the end-to-end id it quotes.
 * Pending and informational entries are not money that moved and are skipped; the bank books them
 * later in a notification of their own. Throws on a file that is neither.
 */
export function readBankNotification(text: string): BankNotification {
  const { name, root } = readIsoMessage(text)
  const reportName = ROOTS[name]
  if (!reportName) throw new Error(`not a camt.054 notification nor a camt.053 statement but ${name}`)
  const booked: BookedTransaction[] = []
  for (const report of children(root, reportName)) {
    for (const entry of children(report, 'Ntry')) {
      if (statusOf(entry) !== 'BOOK') continue
      const direction = textAt(entry, 'CdtDbtInd')
      if (direction !== 'DBIT' && direction !== 'CRDT') throw new Error(`an entry has no CdtDbtInd of DBIT or CRDT`)
      const entryReference = textAt(entry, 'NtryRef') ?? textAt(entry, 'AcctSvcrRef') ?? ''
      const details = children(entry, 'NtryDtls').flatMap((batch) => children(batch, 'TxDtls'))
      const entryAmount = amountAt(entry, 'Amt')
      const bookedOn = textAt(entry, 'BookgDt/Dt') ?? textAt(entry, 'BookgDt/DtTm')?.slice(0, 10)
      const entryBankReference = textAt(entry, 'AcctSvcrRef')
      if (details.length === 0) booked.push({ direction, entryReference, amount: entryAmount?.cents, currency: entryAmount?.currency })
      for (const transaction of details) {
        const amount = amountAt(transaction, 'Amt') ?? amountAt(transaction, 'AmtDtls/TxAmt/Amt') ?? (details.length === 1 ? entryAmount : undefined)
        const endToEndId = textAt(transaction, 'Refs/EndToEndId')
        booked.push({
          direction: (textAt(transaction, 'CdtDbtInd') as 'DBIT' | 'CRDT' | undefined) ?? direction,
          entryReference,
          ...(endToEndId && endToEndId !== 'NOTPROVIDED' && { endToEndId }),
          amount: amount?.cents,
          currency: amount?.currency,
          returnReasonCode: textAt(transaction, 'RtrInf/Rsn/Cd'),
          ...receivedFrom(transaction, textAt(transaction, 'Refs/AcctSvcrRef') ?? entryBankReference, bookedOn),
        })
      }
    }
  }
  return { messageId: textAt(root, 'GrpHdr/MsgId') ?? '', booked }
}

/** What names money received: the payer's creditor reference and name, the bank's reference and the booking date, those given. */
function receivedFrom(transaction: XmlNode, bankReference: string | undefined, bookedOn: string | undefined): Partial<BookedTransaction> {
  const creditorReference = textAt(transaction, 'RmtInf/Strd/CdtrRefInf/Ref')
  const payerName = textAt(transaction, 'RltdPties/Dbtr/Pty/Nm') ?? textAt(transaction, 'RltdPties/Dbtr/Nm')
  return {
    ...(creditorReference && { creditorReference }),
    ...(bankReference && { bankReference }),
    ...(payerName && { payerName }),
    ...(bookedOn && { bookedOn }),
  }
}
