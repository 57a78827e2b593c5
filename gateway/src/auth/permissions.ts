import type { Permission } from '@pp/vocabulary'

/**
 * The permissions a token may hold to pass a route that needs `needed`. MANAGE also grants
 * VIEW: a token that manages configuration, tokens and customers must be able to read them.
 */
const SATISFIED_BY: Record<Permission, readonly Permission[]> = {
  VIEW: ['VIEW', 'MANAGE'],
  TRANSACT: ['TRANSACT'],
  MANAGE: ['MANAGE'],
}

export const acceptedPermissions = (needed: Permission): readonly Permission[] => SATISFIED_BY[needed]

export const isGranted = (held: readonly Permission[], needed: Permission): boolean =>
  SATISFIED_BY[needed].some((p) => held.includes(p))
