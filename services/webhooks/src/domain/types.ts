import type { Tenant } from '@pp/tenancy'

export type { Caller, Environment, Tenant } from '@pp/tenancy'

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'DEAD'
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['PENDING', 'DELIVERED', 'DEAD']

/**
 * What a PENDING delivery with no due time waits for: an endpoint to be set (WEBHOOK_ENDPOINT),
 * its paused endpoint's probe to succeed (ENDPOINT_PROBE), or the replay it is folded into (REPLAY).
 */
export type WaitingFor = 'WEBHOOK_ENDPOINT' | 'ENDPOINT_PROBE' | 'REPLAY'

export interface AttemptView {
  attemptNumber: number
  startedAt: Date
  finishedAt?: Date
  url?: string
  statusCode?: number
  latencyMs?: number
  error?: string
  /** The exact body this attempt sent, when it sent one. */
  payload?: string
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
  /** The body of the latest attempt that sent one. */
  payload?: string
  attempts: AttemptView[]
  requestId?: string
  waitingFor?: WaitingFor
}

export const tenantKey = (tenant: Tenant): string => `${tenant.platformId} ${tenant.environment}`
