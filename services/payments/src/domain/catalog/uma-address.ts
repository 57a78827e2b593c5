import { ApiError } from '@pp/errors'

/** A well-formed UMA address `$user@domain`, in lower case (UMA addresses ignore case). */
export interface UmaAddress {
  user: string
  domain: string
  text: string
}

const USER = /^[a-z0-9._+-]{1,64}$/
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

/** The address, or undefined unless it is `$` + user (1–64 of a-z 0-9 . _ + -) + `@` + a domain name. */
export function parseUmaAddress(value: string): UmaAddress | undefined {
  const text = value.trim().toLowerCase()
  if (!text.startsWith('$')) return undefined
  const at = text.lastIndexOf('@')
  const user = text.slice(1, at)
  const domain = text.slice(at + 1)
  return at > 0 && USER.test(user) && DOMAIN.test(domain) ? { user, domain, text } : undefined
}

/** The parsed address, or 400 INVALID_UMA_ADDRESS naming the field it came from. */
export function requireUmaAddress(value: string, field: string): UmaAddress {
  const address = parseUmaAddress(value)
  if (address) return address
  throw new ApiError('INVALID_UMA_ADDRESS', `${field} is not a UMA address of the form $user@domain`, { field, value })
}
