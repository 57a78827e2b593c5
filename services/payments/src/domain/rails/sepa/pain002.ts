import { children, readIsoMessage, textAt, type XmlNode } from './iso-xml.js'

/**
 * A rejection a pain.002 status report carries: of a whole message (file), of one payment
 * information block, or of one transaction, with the ISO 20022 reason code (AC01, AM04, ...).
 */
export type SepaRejection =
  | { scope: 'MESSAGE'; originalMessageId: string; reasonCode: string }
  | { scope: 'PAYMENT_INFORMATION'; originalMessageId: string; paymentInformationId: string; reasonCode: string }
  | { scope: 'TRANSACTION'; originalMessageId: string; endToEndId: string; reasonCode: string }

export interface StatusReport {
  messageId: string
  originalMessageId: string
  rejections: SepaRejection[]
}

/** ISO 20022's code for a reason given in words only: what a rejection without a code is recorded as. */
const UNSPECIFIED = 'NARR'

const reasonOf = (node: XmlNode): string => textAt(node, 'StsRsnInf/Rsn/Cd') ?? textAt(node, 'StsRsnInf/Rsn/Prtry') ?? UNSPECIFIED

/**
 * Reads a pain.002 customer payment status report (001.10; the older 001.03 reads the same, its
 * transaction status elements being the same). Only rejections (RJCT) move money: accepted
 * statuses (ACCP, ACSP, ACSC, ACTC, PART for the rest) say the bank took the payment, not that it
 * settled; the bank's debit notification settles it. Throws on a file that is not a status report.
 */
export function readStatusReport(text: string): StatusReport {
  const { name, root } = readIsoMessage(text)
  if (name !== 'CstmrPmtStsRpt') throw new Error(`not a pain.002 status report but ${name}`)
  const group = children(root, 'OrgnlGrpInfAndSts')[0]
  const originalMessageId = textAt(group, 'OrgnlMsgId')
  if (!originalMessageId) throw new Error('the status report names no original message (OrgnlGrpInfAndSts/OrgnlMsgId)')
  const rejections: SepaRejection[] = []
  if (textAt(group, 'GrpSts') === 'RJCT') rejections.push({ scope: 'MESSAGE', originalMessageId, reasonCode: reasonOf(group!) })
  for (const block of children(root, 'OrgnlPmtInfAndSts')) {
    const paymentInformationId = textAt(block, 'OrgnlPmtInfId')
    if (paymentInformationId && textAt(block, 'PmtInfSts') === 'RJCT') {
      rejections.push({ scope: 'PAYMENT_INFORMATION', originalMessageId, paymentInformationId, reasonCode: reasonOf(block) })
    }
    for (const transaction of children(block, 'TxInfAndSts')) {
      if (textAt(transaction, 'TxSts') !== 'RJCT') continue
      const endToEndId = textAt(transaction, 'OrgnlEndToEndId')
      if (!endToEndId) throw new Error(`a rejected transaction of ${originalMessageId} names no OrgnlEndToEndId`)
      rejections.push({ scope: 'TRANSACTION', originalMessageId, endToEndId, reasonCode: reasonOf(transaction) })
    }
  }
  return { messageId: textAt(root, 'GrpHdr/MsgId') ?? '', originalMessageId, rejections }
}
