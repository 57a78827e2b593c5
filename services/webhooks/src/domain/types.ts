export type Environment = 'SANDBOX' | 'PRODUCTION'

/** Whose deliveries these are: every row carries the platform and the environment. */
export interface Tenant {
  platformId: string
  environment: Environment
}

/** The tenant a gRPC call acts for, with its request id for the logs. */
export interface Caller extends Tenant {
  requestId: string
}

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'DEAD'
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['PENDING', 'DELIVERED', 'DEAD']

export interface AttemptView {
  attemptNumber: number
  startedAt: Date
  finishedAt?: Date
  url?: string
  statusCode?: number
  latencyMs?: number
  error?: string
}

/** A delivery of the log, with its attempts oldest first. */
export interface DeliveryView {
  id: string
  eventId?: string
  webhookType: string
  status: DeliveryStatus
  attemptCount: number
  nextAttemptAt?: Date
  deliveredAt?: Date
  deadAt?: Date
  createdAt: Date
  payload: string
  attempts: AttemptView[]
}

export const tenantKey = (tenant: Tenant): string => `${tenant.platformId} ${tenant.environment}`
