import type { LookupStore, ReceiverLookupRecord } from '../domain/catalog/deps.js'
import { open, type Db } from './client.js'

/** Receiver look-ups in the payments database, one row each, scoped to their tenant. */
export const receiverLookupStore = (db: Db): LookupStore => ({
  async save({ platformId, environment }, lookup) {
    await open(db).receiverLookup.create({
      data: {
        id: lookup.id,
        platformId,
        environment,
        kind: lookup.kind,
        receiver: lookup.receiver,
        senderUmaAddress: lookup.senderUmaAddress ?? null,
        customerId: lookup.customerId ?? null,
        supportedCurrencies: lookup.supportedCurrencies,
        requiredPayerDataFields: lookup.requiredPayerDataFields.map((f) => ({ name: f.name, mandatory: f.mandatory })),
        createdAt: lookup.createdAt,
      },
    })
  },
  async find({ platformId, environment }, id) {
    const row = await open(db).receiverLookup.findFirst({ where: { id, platformId, environment } })
    if (!row) return undefined
    return {
      id: row.id,
      kind: row.kind as ReceiverLookupRecord['kind'],
      receiver: row.receiver,
      senderUmaAddress: row.senderUmaAddress ?? undefined,
      customerId: row.customerId ?? undefined,
      supportedCurrencies: row.supportedCurrencies,
      requiredPayerDataFields: row.requiredPayerDataFields as unknown as ReceiverLookupRecord['requiredPayerDataFields'],
      createdAt: row.createdAt,
    }
  },
})
