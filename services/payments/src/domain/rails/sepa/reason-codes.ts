/**
 * ISO 20022 status reason codes (ExternalStatusReason1Code) a SEPA credit transfer is rejected or
 * returned with, as the EPC's guidance lists them; a code not listed keeps its code as its reason.
 */
const REASONS: Record<string, string> = {
  AC01: 'Incorrect account number',
  AC04: 'Closed account number',
  AC06: 'Blocked account',
  AC13: 'Invalid debtor account type',
  AG01: 'Transaction forbidden',
  AG02: 'Invalid bank operation code',
  AM04: 'Insufficient funds',
  AM05: 'Duplication',
  BE04: 'Missing creditor address',
  CNOR: 'Creditor bank is not registered',
  DNOR: 'Debtor bank is not registered',
  DU01: 'Duplicate message id',
  FF01: 'Invalid file format',
  FOCR: 'Return following a cancellation request',
  MD07: 'End customer deceased',
  MS02: 'Not specified reason, customer generated',
  MS03: 'Not specified reason, agent generated',
  NARR: 'Reason given in words only',
  RC01: 'Bank identifier incorrect',
  RR01: 'Missing debtor account or identification',
  RR02: "Missing debtor's name or address",
  RR03: "Missing creditor's name or address",
  RR04: 'Regulatory reason',
  TM01: 'Received after the cut-off time',
}

export const reasonOfCode = (code: string): string => REASONS[code] ?? code
