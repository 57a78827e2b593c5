import { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { CardsServiceClient } from '@pp/proto/cards/v1/cards'
import type { CardFundingSources } from '../domain/deps.js'

export interface CardsFundingSourceClient extends CardFundingSources {
  close(): void
}

/** Reads a card's funding-source bindings from the cards service, which owns them. */
export function cardsFundingSources(address: string): CardsFundingSourceClient {
  const client = createGrpcClient(CardsServiceClient, address)
  return {
    async fundingSourceOf(tenant, cardId, accountId) {
      try {
        const { facts } = await callUnary(client, client.getCardFacts, { cardId }, tenant)
        return facts?.fundingSources.find((source) => source.accountId === accountId)?.id
      } catch (err) {
        if (err instanceof ApiError && err.code === 'NOT_FOUND') return undefined
        throw err
      }
    },
    close: () => client.close(),
  }
}
