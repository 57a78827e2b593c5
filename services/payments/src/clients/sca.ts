import { callUnary, createGrpcClient } from '@pp/grpc'
import { ScaServiceClient } from '@pp/proto/customers/v1/sca'
import type { ScaGate } from '../domain/quotes/sca-gate.js'

const DEADLINE_MS = 10_000

/** The customers service's ScaService, reduced to what a quote's authorization asks. */
export function scaGate(customersAddress: string): ScaGate & { close(): void } {
  const sca = createGrpcClient(ScaServiceClient, customersAddress)
  return {
    async required(ctx, customerId) {
      return (await callUnary(sca, sca.getScaRequirement, { customerId }, ctx, DEADLINE_MS)).required
    },
    async issue(ctx, customerId, quoteId, preferredFactor) {
      const request = { customerId, reference: quoteId, purpose: 'TRANSFER', preferredFactor }
      return (await callUnary(sca, sca.issueScaChallenge, request, ctx, DEADLINE_MS)).challengeJson
    },
    async authorize(ctx, customerId, quoteId, proof) {
      await callUnary(sca, sca.authorizeScaChallenge, { customerId, reference: quoteId, proof }, ctx, DEADLINE_MS)
    },
    async resend(ctx, customerId, quoteId) {
      await callUnary(sca, sca.resendScaCode, { customerId, reference: quoteId }, ctx, DEADLINE_MS)
    },
    close: () => sca.close(),
  }
}
