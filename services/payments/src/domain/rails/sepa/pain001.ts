import { isSepaIdentifier, sepaText } from './sepa-text.js'

/** Who pays: the platform's account at its bank, and how the bank knows the platform as a sender of files. */
export interface SepaDebtor {
  name: string
  iban: string
  /** The debtor's bank; some banks want it, the EPC rulebook makes it optional. */
  bic?: string
  /** The id the bank gave the platform as initiating party. */
  initiatingPartyId: string
}

/** One credit transfer: a payout. Amounts are in euro cents. */
export interface SepaCredit {
  /** Ours, quoted back by every status report and notification: how an answer finds its payout. */
  endToEndId: string
  amount: bigint
  creditorName: string
  iban: string
  bic?: string
  /** Unstructured remittance text the creditor sees. */
  remittance: string
  /** YYYY-MM-DD: the day the bank is asked to execute it. */
  executionDate: string
}

export interface Pain001Message {
  messageId: string
  createdAt: Date
  debtor: SepaDebtor
  credits: SepaCredit[]
}

export interface Pain001File {
  content: string
  /** The sum of the credits, in cents: the group header's control sum. */
  totalCents: bigint
  /** The payment information block of each credit, by end-to-end id: a status report may reject a block whole. */
  paymentInformationIds: Map<string, string>
}

const NAME_MAX = 70
const REMITTANCE_MAX = 140
const AMOUNT_MAX_CENTS = 99_999_999_999n

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/
const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/

/** Whether `iban` is well formed and its check digits hold (ISO 13616: the rearranged number mod 97 is 1). */
export function isIban(iban: string): boolean {
  if (!IBAN.test(iban)) return false
  const digits = [...`${iban.slice(4)}${iban.slice(0, 4)}`].map((char) => (/[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('')
  let rest = 0
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97
  return rest === 1
}

export const isBic = (bic: string): boolean => BIC.test(bic)

/** Euro cents as the schema's decimal, exactly: 12345 → "123.45". */
export const euros = (cents: bigint): string => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`

/** Throws, saying why, when a credit is one the scheme would refuse: the caller fails that payout rather than the file. */
export function assertSepaCredit(credit: SepaCredit): void {
  if (!isSepaIdentifier(credit.endToEndId)) throw new Error(`end-to-end id ${credit.endToEndId} is not a SEPA identifier`)
  if (credit.amount < 1n || credit.amount > AMOUNT_MAX_CENTS) throw new Error(`amount ${credit.amount} cents is outside SEPA's 0.01 to 999999999.99 EUR`)
  if (!isIban(credit.iban)) throw new Error('the creditor IBAN is not a valid IBAN')
  if (credit.bic !== undefined && !isBic(credit.bic)) throw new Error(`${credit.bic} is not a BIC`)
  if (!sepaText(credit.creditorName, NAME_MAX)) throw new Error('the creditor has no name writable in the SEPA character set')
  if (!/^\d{4}-\d{2}-\d{2}$/.test(credit.executionDate)) throw new Error(`execution date ${credit.executionDate} is not YYYY-MM-DD`)
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** An element with text content, escaped. */
const el = (name: string, text: string, attributes = ''): string => `<${name}${attributes}>${escapeXml(text)}</${name}>`
const agent = (bic: string | undefined): string => `<FinInstnId>${bic ? el('BICFI', bic) : '<Othr><Id>NOTPROVIDED</Id></Othr>'}</FinInstnId>`

/**
 * A pain.001.001.09 customer credit transfer initiation as the EPC SEPA Credit Transfer rulebook
 * restricts it: one payment information block per execution date (TRF, service level SEPA, charges
 * shared SLEV), each credit with its end-to-end id, amount, creditor, IBAN, optional BIC and
 * remittance text. Text goes into the SEPA Latin set and is escaped; amounts are written from
 * cents, never through a float. Throws on a credit `assertSepaCredit` refuses.
 */
export function buildPain001(message: Pain001Message): Pain001File {
  if (!isSepaIdentifier(message.messageId)) throw new Error(`message id ${message.messageId} is not a SEPA identifier`)
  if (message.credits.length === 0) throw new Error('a pain.001 message carries at least one credit')
  message.credits.forEach(assertSepaCredit)
  const byDate = new Map<string, SepaCredit[]>()
  for (const credit of message.credits) byDate.set(credit.executionDate, [...(byDate.get(credit.executionDate) ?? []), credit])
  const sum = (credits: SepaCredit[]) => credits.reduce((total, credit) => total + credit.amount, 0n)
  const totalCents = sum(message.credits)
  const debtorName = sepaText(message.debtor.name, NAME_MAX)
  const blocks = [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b))
  const paymentInformationIds = new Map(blocks.flatMap(([, credits], index) => credits.map((credit) => [credit.endToEndId, paymentInformationId(message.messageId, index)] as const)))
  const paymentInformation = blocks.map(
    ([date, credits], index) =>
      '<PmtInf>' +
      el('PmtInfId', paymentInformationId(message.messageId, index)) +
      el('PmtMtd', 'TRF') +
      el('NbOfTxs', String(credits.length)) +
      el('CtrlSum', euros(sum(credits))) +
      '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' +
      `<ReqdExctnDt>${el('Dt', date)}</ReqdExctnDt>` +
      `<Dbtr>${el('Nm', debtorName)}</Dbtr>` +
      `<DbtrAcct><Id>${el('IBAN', message.debtor.iban)}</Id></DbtrAcct>` +
      `<DbtrAgt>${agent(message.debtor.bic)}</DbtrAgt>` +
      el('ChrgBr', 'SLEV') +
      credits.map(transferOf).join('') +
      '</PmtInf>',
  )
  const header =
    '<GrpHdr>' +
    el('MsgId', message.messageId) +
    el('CreDtTm', message.createdAt.toISOString().slice(0, 19)) +
    el('NbOfTxs', String(message.credits.length)) +
    el('CtrlSum', euros(totalCents)) +
    `<InitgPty>${el('Nm', debtorName)}<Id><OrgId><Othr>${el('Id', message.debtor.initiatingPartyId)}</Othr></OrgId></Id></InitgPty>` +
    '</GrpHdr>'
  const content =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">' +
    `<CstmrCdtTrfInitn>${header}${paymentInformation.join('')}</CstmrCdtTrfInitn>` +
    '</Document>\n'
  return { content, totalCents, paymentInformationIds }
}

/** The payment information block's id: the message's and the block's place in it (a file has few execution dates). */
const paymentInformationId = (messageId: string, index: number): string => `${messageId.slice(0, 31)}-${String(index + 1).padStart(3, '0')}`

function transferOf(credit: SepaCredit): string {
  const remittance = sepaText(credit.remittance, REMITTANCE_MAX)
  return (
    '<CdtTrfTxInf>' +
    `<PmtId>${el('EndToEndId', credit.endToEndId)}</PmtId>` +
    `<Amt>${el('InstdAmt', euros(credit.amount), ' Ccy="EUR"')}</Amt>` +
    (credit.bic ? `<CdtrAgt><FinInstnId>${el('BICFI', credit.bic)}</FinInstnId></CdtrAgt>` : '') +
    `<Cdtr>${el('Nm', sepaText(credit.creditorName, NAME_MAX))}</Cdtr>` +
    `<CdtrAcct><Id>${el('IBAN', credit.iban)}</Id></CdtrAcct>` +
    (remittance ? `<RmtInf>${el('Ustrd', remittance)}</RmtInf>` : '') +
    '</CdtTrfTxInf>'
  )
}
