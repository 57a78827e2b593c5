import type { OperatorRate } from '../domain/rates/operator-rates.js'
import { open, type Db } from './client.js'

/** Records a rate the operator set; rows are never changed afterwards. */
export async function insertOperatorRate(db: Db, rate: OperatorRate): Promise<void> {
  await open(db).operatorRate.create({ data: rate })
}

/** The rates of the pair in either direction that have not ended at `at` (current ones and those starting later). */
export const unendedPairRates = (db: Db, from: string, to: string, at: Date): Promise<OperatorRate[]> =>
  open(db).operatorRate.findMany({
    where: {
      validUntil: { gt: at },
      OR: [
        { sourceCurrency: from, destinationCurrency: to },
        { sourceCurrency: to, destinationCurrency: from },
      ],
    },
  })

/** Every currency of a rate current at `at`, in either position. */
export async function currentRateCurrencies(db: Db, at: Date): Promise<string[]> {
  const rows = await open(db).$queryRaw<Array<{ currency: string }>>`
    SELECT "source_currency" AS "currency" FROM "operator_rates" WHERE "valid_until" > ${at} AND "valid_from" <= ${at}
     UNION
    SELECT "destination_currency" FROM "operator_rates" WHERE "valid_until" > ${at} AND "valid_from" <= ${at}
     ORDER BY 1`
  return rows.map((row) => row.currency)
}

/** The operator's listing, newest setting first: the rates not ended at `at`, or with `includeEnded` every one. */
export const listOperatorRates = (db: Db, at: Date, includeEnded: boolean, limit: number): Promise<OperatorRate[]> =>
  open(db).operatorRate.findMany({
    where: includeEnded ? {} : { validUntil: { gt: at } },
    orderBy: [{ setAt: 'desc' }, { id: 'desc' }],
    take: limit,
  })
