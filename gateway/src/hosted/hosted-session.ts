import type { CompleteHostedKycResponse, HostedKycSession } from '@pp/proto/customers/v1/hosted_kyc'
import type { BeneficialOwner, Customer, Document, Verification } from '@pp/contracts'

/**
 * A hosted session with the resources on file as the API shows them: the customers service's
 * JSON, read once here.
 */
export interface HostedSession extends Omit<HostedKycSession, 'customerJson' | 'beneficialOwnersJson' | 'documentsJson'> {
  customer?: Customer
  beneficialOwners: BeneficialOwner[]
  documents: Document[]
}

const parsed = <T>(json: string): T => JSON.parse(json) as T

export function hostedSessionOf({ customerJson, beneficialOwnersJson, documentsJson, ...session }: HostedKycSession): HostedSession {
  return {
    ...session,
    customer: customerJson === undefined ? undefined : parsed<Customer>(customerJson),
    beneficialOwners: beneficialOwnersJson.map(parsed<BeneficialOwner>),
    documents: documentsJson.map(parsed<Document>),
  }
}

/** The verification a submission made, as the API shows it. */
export const submittedVerification = ({ verificationJson }: CompleteHostedKycResponse): Verification => parsed(verificationJson)
