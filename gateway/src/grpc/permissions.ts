import { Permission as ProtoPermission } from '@pp/proto/platform/v1/platform'
import { PERMISSIONS, type Permission } from '@pp/vocabulary'

const FROM_PROTO = new Map<ProtoPermission, Permission>(PERMISSIONS.map((p) => [ProtoPermission[`PERMISSION_${p}`], p]))

/** Permission names from proto values; an unspecified or unknown value grants nothing and is dropped. */
export const permissionsFromProto = (permissions: readonly ProtoPermission[]): Permission[] =>
  permissions.flatMap((p) => FROM_PROTO.get(p) ?? [])

export const permissionToProto = (permission: Permission): ProtoPermission => ProtoPermission[`PERMISSION_${permission}`]
