import { isUniqueViolation } from '@pp/db'
import { Prisma } from './generated/client.js'

/** The partial unique index that keeps platformCustomerId unique among active customers. */
export const ACTIVE_PLATFORM_CUSTOMER_ID_INDEX = 'customers_active_platform_customer_id_key'

interface AdapterErrorMeta {
  driverAdapterError?: { cause?: { constraint?: { index?: string } } }
}

/** The index a unique violation hit (from a model call or raw SQL), or undefined when `err` is not a unique violation. */
export function violatedUniqueIndex(err: unknown): string | undefined {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError) || !isUniqueViolation(err)) return undefined
  return (err.meta as AdapterErrorMeta | undefined)?.driverAdapterError?.cause?.constraint?.index ?? 'unknown'
}
