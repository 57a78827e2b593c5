/**
 * The SEPA Latin character set (EPC guidance on the use of character sets): what every bank of
 * the scheme must carry in names and remittance text. Anything else may be refused or garbled on
 * the way, so text is brought into it before it is written.
 */
const ALLOWED = /[A-Za-z0-9/\-?:().,'+ ]/

/** Letters that decomposition does not reduce to a Latin base letter, spelled as the EPC suggests. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Þ: 'TH',
  þ: 'th',
  '&': '+',
}

/**
 * `text` in the SEPA Latin set, at most `max` characters: accents dropped (é → e), a few letters
 * spelled out (ß → ss), anything else a space; runs of spaces folded. May answer ''.
 */
export function sepaText(text: string, max: number): string {
  const spelled = [...text].map((char) => SPELLED[char] ?? char).join('')
  const latin = [...spelled.normalize('NFD').replace(/\p{M}/gu, '')].map((char) => (ALLOWED.test(char) ? char : ' ')).join('')
  return latin.replace(/ +/g, ' ').trim().slice(0, max).trim()
}

/** An identifier (MsgId, PmtInfId, EndToEndId): 1 to 35 characters of the set, no leading or trailing '/' nor '//' inside (EPC rule). */
export const isSepaIdentifier = (id: string): boolean =>
  /^[A-Za-z0-9/\-?:().,'+]{1,35}$/.test(id) && !id.startsWith('/') && !id.endsWith('/') && !id.includes('//')
