import { hostname, userInfo } from 'node:os'

/**
 * Where the CLI finds each service's operator port (its OPERATOR_GRPC_ADDRESS, served to the
 * admin identity alone), defaulting to the ports `pnpm start` gives them (scripts/mesh/services.ts,
 * which the image does not hold; a test checks the two agree). Each may name several replicas, as
 * for the services.
 */
export const ADDRESS_DEFAULTS = {
  PLATFORM_OPERATOR_GRPC_ADDRESS: '127.0.0.1:51051',
  CUSTOMERS_OPERATOR_GRPC_ADDRESS: '127.0.0.1:51052',
  LEDGER_OPERATOR_GRPC_ADDRESS: '127.0.0.1:51053',
  PAYMENTS_OPERATOR_GRPC_ADDRESS: '127.0.0.1:51054',
  WEBHOOKS_OPERATOR_GRPC_ADDRESS: '127.0.0.1:51055',
  STABLECOINS_OPERATOR_GRPC_ADDRESS: '127.0.0.1:51058',
} as const

export type AddressVariable = keyof typeof ADDRESS_DEFAULTS

/**
 * The environment the CLI reads: the addresses, the admin identity's mutual-TLS files (see
 * configureGrpcTransport) and ADMIN_OPERATOR, who runs it, as the audit log records every command.
 */
export type AdminEnv = Partial<Record<AddressVariable | 'GRPC_TLS_CA_FILE' | 'GRPC_TLS_CERT_FILE' | 'GRPC_TLS_KEY_FILE' | 'ADMIN_OPERATOR', string>>

export const addressOf = (env: AdminEnv, variable: AddressVariable): string => env[variable] || ADDRESS_DEFAULTS[variable]

/**
 * Who the audit log names for this run: ADMIN_OPERATOR (a deployment sets it from its single
 * sign-on, e.g. the operator's e-mail), else the account and host the command runs on.
 */
export const operatorOf = (env: AdminEnv): string => env.ADMIN_OPERATOR?.trim() || `${userInfo().username}@${hostname()}`
