import { ApiError } from '@pp/errors'
import type { CustomerFacts } from './customer-directory.js'

/** The European Economic Area, where PSD2 requires strong customer authentication. */
const SCA_JURISDICTIONS = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
])

/** 409 CONFLICT for a customer whose jurisdiction does not require SCA (the trust endpoints' rule). */
export function assertScaRequired(customer: CustomerFacts): void {
  if (customer.jurisdiction !== undefined && SCA_JURISDICTIONS.has(customer.jurisdiction)) return
  throw new ApiError('CONFLICT', 'Strong customer authentication is not required for this customer')
}

/** Issues and checks the one-time codes of SCA challenges. */
export interface ScaProvider {
  /** Sends the code of a new challenge to the customer; throws when no channel is configured. */
  issueCode(): void
  isValidCode(code: string): boolean
}

/** Sandbox: no message is sent and the code is always 123456 (reference, trust confirm). */
export const sandboxSca: ScaProvider = {
  issueCode: () => undefined,
  isValidCode: (code) => code === '123456',
}

/** No SMS or authenticator provider is connected in production yet. */
export const productionSca: ScaProvider = {
  issueCode: () => {
    throw new ApiError('NOT_IMPLEMENTED', 'No SCA code provider is configured for production')
  },
  isValidCode: () => false,
}
