import type { CompleteHostedKycResponse, HostedKycSession } from '@pp/proto/customers/v1/hosted_kyc'
import type { BeneficialOwnerJson, CustomerJson, DocumentJson, VerificationJson } from '@pp/contracts'

/**
 * A hosted session with the resources on file as the API shows them: the customers service's
 * JSON, read once here.
 */
export interface HostedSession extends Omit<HostedKycSession, 'customerJson' | 'beneficialOwnersJson' | 'documentsJson'> {
  customer?: CustomerJson
  beneficialOwners: BeneficialOwnerJson[]
  documents: DocumentJson[]
}

const parsed = <T>(json: string): T => JSON.parse(json) as T

export function hostedSessionOf({ customerJson, beneficialOwnersJson, documentsJson, ...session }: HostedKycSession): HostedSession {
  return {
    ...session,
    customer: customerJson === undefined ? undefined : parsed<CustomerJson>(customerJson),
    beneficialOwners: beneficialOwnersJson.map(parsed<BeneficialOwnerJson>),
    documents: documentsJson.map(parsed<DocumentJson>),
  }
}

/** The verification a submission made, as the API shows it. */
export const submittedVerification = ({ verificationJson }: CompleteHostedKycResponse): VerificationJson => parsed(verificationJson)
