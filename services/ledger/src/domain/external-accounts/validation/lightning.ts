import { BECH32_ALPHABET, decodeBech32 } from './bech32.js'

/** BOLT 11 prefixes: ln + network (bc, tb, tbs, bcrt, sb) + an optional amount with multiplier. */
const INVOICE_PREFIX = /^ln(bc|tb|tbs|bcrt|sb)([0-9]+[munp]?)?$/
/** Timestamp (7 words) and signature with recovery id (104 words) are always present. */
const INVOICE_WORDS_MIN = 7 + 104
const INVOICE_LENGTH_MAX = 7089

/** Why `invoice` is not a BOLT 11 invoice, or undefined when it is one. */
export function bolt11InvoiceProblem(invoice: string): string | undefined {
  const decoded = decodeBech32(invoice, INVOICE_LENGTH_MAX)
  if (!decoded || decoded.encoding !== 'bech32') return 'a BOLT 11 invoice is bech32 with a valid checksum'
  if (!INVOICE_PREFIX.test(decoded.prefix)) return 'a BOLT 11 invoice starts with lnbc, lntb, lntbs, lnbcrt or lnsb'
  return decoded.words.length >= INVOICE_WORDS_MIN ? undefined : 'the invoice is too short to carry a timestamp and signature'
}

const OFFER_BODY = new RegExp(`^lno1[${BECH32_ALPHABET}]{8,}$`)

/**
 * Why `offer` is not a BOLT 12 offer, or undefined when it is one. Offers are bech32 characters
 * without a checksum, and may be split with '+' and whitespace for display (BOLT 12).
 */
export function bolt12OfferProblem(offer: string): string | undefined {
  if (offer !== offer.toLowerCase() && offer !== offer.toUpperCase()) return 'a BOLT 12 offer is not mixed case'
  const joined = offer.toLowerCase().replace(/\+\s*/g, '')
  return OFFER_BODY.test(joined) ? undefined : 'a BOLT 12 offer is lno1 followed by bech32 characters'
}

/** LUD-16: a lower-case username of a-z, 0-9, '-', '_', '.', then '@' and a domain name. */
const LIGHTNING_ADDRESS = /^[a-z0-9._-]+@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export function lightningAddressProblem(address: string): string | undefined {
  if (address.length > 320) return 'a Lightning address has at most 320 characters'
  return LIGHTNING_ADDRESS.test(address) ? undefined : 'a Lightning address is username@domain (LUD-16)'
}
