import type { EventEnvelope } from '@pp/events'
import { describe, expect, it } from 'vitest'
import { webhookBody, webhookContent } from './body.js'
import { webhookForEvent } from './webhook-for-event.js'

const event = (type: string, data: unknown): EventEnvelope => ({
  id: 'Event:1', type, source: 'test', platformId: 'Platform:1', environment: 'SANDBOX', occurredAt: '2025-10-14T10:00:00.000Z', data,
})
const paid = { id: 'Transaction:1', status: 'COMPLETED', type: 'INCOMING' }

describe('webhookForEvent', () => {
  describe('payments', () => {
    it('names the webhook after the family and the transaction status, and carries the transaction as transaction and data', () => {
      expect(webhookForEvent(event('INCOMING_PAYMENT', { type: 'INCOMING_PAYMENT', transaction: paid }))).toEqual({
        type: 'INCOMING_PAYMENT.COMPLETED', data: paid, topLevel: { transaction: paid },
      })
    })

    it('keeps a status-specific type the event already names', () => {
      const refund = { ...paid, type: 'OUTGOING', status: 'REFUNDED' }
      expect(webhookForEvent(event('OUTGOING_PAYMENT', { type: 'OUTGOING_PAYMENT.REFUND_COMPLETED', transaction: refund }))?.type).toBe('OUTGOING_PAYMENT.REFUND_COMPLETED')
      expect(webhookForEvent(event('OUTGOING_PAYMENT.FAILED', { transaction: refund }))?.type).toBe('OUTGOING_PAYMENT.FAILED')
    })

    it('falls back to the bare family name for a status the reference has no type for', () => {
      expect(webhookForEvent(event('INCOMING_PAYMENT', { transaction: { ...paid, status: 'PROCESSING' } }))?.type).toBe('INCOMING_PAYMENT')
    })

    it('makes nothing of a payment event without a transaction', () => {
      expect(webhookForEvent(event('INCOMING_PAYMENT', { type: 'INCOMING_PAYMENT' }))).toBeUndefined()
    })
  })

  it('passes customer, account, card, verification and agent events through with their data', () => {
    for (const type of [
      'CUSTOMER.KYC_APPROVED', 'CUSTOMER.KYB_PENDING', 'CUSTOMER.UPDATED', 'CUSTOMER.CREATED', 'CUSTOMER.DELETED',
      'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'INTERNAL_ACCOUNT.STATUS_UPDATED', 'EXTERNAL_ACCOUNT.STATUS_UPDATED',
      'VERIFICATION.APPROVED', 'BULK_UPLOAD.COMPLETED', 'INVITATION.CLAIMED', 'CARD.STATE_CHANGE',
      'CARD.FUNDING_SOURCE_CHANGE', 'CARD_TRANSACTION.SETTLED', 'AGENT_ACTION.PENDING_APPROVAL',
    ]) {
      expect(webhookForEvent(event(type, { id: 'X:1' }))).toEqual({ type, data: { id: 'X:1' } })
    }
  })

  it('makes no webhook of platform, token and unknown events', () => {
    for (const type of ['PLATFORM.CONFIG_UPDATED', 'TOKEN.CREATED', 'TOKEN.DELETED', 'CUSTOMER.SOMETHING', 'INTERNAL_ACCOUNT.OPENED']) {
      expect(webhookForEvent(event(type, {}))).toBeUndefined()
    }
  })
})

describe('webhookBody', () => {
  const head = { id: 'Webhook:1', webhookType: 'INCOMING_PAYMENT.COMPLETED' }

  it('is the reference envelope with the family fields at the top level, timestamped when sent', () => {
    const content = webhookContent({ type: head.webhookType, data: paid, topLevel: { transaction: paid } })
    const body = webhookBody(head, content, new Date('2025-10-14T10:00:00.000Z'))
    expect(Object.keys(JSON.parse(body))).toEqual(['id', 'type', 'timestamp', 'data', 'transaction'])
    expect(JSON.parse(body)).toEqual({ id: 'Webhook:1', type: 'INCOMING_PAYMENT.COMPLETED', timestamp: '2025-10-14T10:00:00.000Z', data: paid, transaction: paid })
  })

  it('stays valid JSON when a webhook has no data', () => {
    expect(JSON.parse(webhookBody(head, webhookContent({ type: 'TEST', data: undefined }), new Date(0)))).toEqual({ id: 'Webhook:1', type: 'INCOMING_PAYMENT.COMPLETED', timestamp: '1970-01-01T00:00:00.000Z' })
  })
})
