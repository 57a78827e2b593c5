import type { Environment, Permission } from '../types.js'

/** An API token, as stored (the secret as its hash). */
export interface TokenRow {
  name: string
  id: string
  platformId: string
  environment: Environment
  permissions: Permission[]
  clientId: string
  secretHash: string
  createdAt: Date
  updatedAt: Date
  deletedAt: Date | null
}
