import {
  Environment as ProtoEnvironment,
  Permission as ProtoPermission,
  environmentToJSON,
  permissionToJSON,
  type IssuedToken as ProtoIssuedToken,
  type ListTokensRequest,
} from '@pp/proto/platform/v1/platform'
import type { ListTokensQuery } from '../domain/tokens/list-tokens.js'
import type { Environment, IssuedToken, Permission } from '../domain/types.js'

const ENVIRONMENT_TO_PROTO: Record<Environment, ProtoEnvironment> = {
  SANDBOX: ProtoEnvironment.ENVIRONMENT_SANDBOX,
  PRODUCTION: ProtoEnvironment.ENVIRONMENT_PRODUCTION,
}

const PERMISSION_TO_PROTO: Record<Permission, ProtoPermission> = {
  VIEW: ProtoPermission.PERMISSION_VIEW,
  TRANSACT: ProtoPermission.PERMISSION_TRANSACT,
  MANAGE: ProtoPermission.PERMISSION_MANAGE,
}

export const environmentToProto = (environment: Environment): ProtoEnvironment => ENVIRONMENT_TO_PROTO[environment]

/** The enum value as its name (`SANDBOX`); UNSPECIFIED and unknown values reach the domain, which refuses them. */
export const environmentFromProto = (environment: ProtoEnvironment): string => environmentToJSON(environment).replace(/^ENVIRONMENT_/, '')

export const permissionsToProto = (permissions: Permission[]): ProtoPermission[] =>
  permissions.map((p) => PERMISSION_TO_PROTO[p])

/** Enum values as names (`VIEW`); UNSPECIFIED and unknown values reach the domain, which refuses them. */
export const permissionsFromProto = (permissions: ProtoPermission[]): string[] =>
  permissions.map((p) => permissionToJSON(p).replace(/^PERMISSION_/, ''))

/** EnsurePlatform's credentials: what the seeding scripts sign in with. */
export const issuedTokenToProto = (token: IssuedToken): ProtoIssuedToken => ({ id: token.id, clientId: token.clientId, clientSecret: token.clientSecret })

export const listQueryFromProto = (req: ListTokensRequest): ListTokensQuery => ({
  name: req.name,
  createdAfter: req.createdAfter,
  createdBefore: req.createdBefore,
  updatedAfter: req.updatedAfter,
  updatedBefore: req.updatedBefore,
  limit: req.limit,
  cursor: req.cursor,
})
