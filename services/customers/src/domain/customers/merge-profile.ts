import type { BusinessInfo, CustomerProfile } from '../types.js'

/**
 * The profile after an update: every field the update carries replaces the stored one, business
 * details merge field by field (PATCH sends only what changes), and the address is replaced as a
 * whole since its parts only make sense together. Unset fields and empty lists are "not sent".
 */
export function mergeProfile(current: CustomerProfile, changes: CustomerProfile): CustomerProfile {
  const { businessInfo, ...rest } = compact(changes)
  const merged: CustomerProfile = { ...current, ...rest }
  if (businessInfo) merged.businessInfo = { ...current.businessInfo, ...compact(businessInfo as BusinessInfo) }
  return merged
}

/** The fields that carry a value: no undefined, no empty list. */
export function compact<T extends object>(value: T): Partial<T> {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))
  return Object.fromEntries(entries) as Partial<T>
}
