import { createGrpcClient } from '@pp/grpc'
import { BeneficialOwnersServiceClient } from '@pp/proto/customers/v1/beneficial_owners'
import { BulkImportServiceClient } from '@pp/proto/customers/v1/bulk_import'
import { ContactVerificationServiceClient } from '@pp/proto/customers/v1/contact_verification'
import { DocumentsServiceClient } from '@pp/proto/customers/v1/documents'
import { HostedKycServiceClient } from '@pp/proto/customers/v1/hosted_kyc'
import { InvitationsServiceClient } from '@pp/proto/customers/v1/invitations'
import { KycLinksServiceClient } from '@pp/proto/customers/v1/kyc_links'
import { ScaServiceClient } from '@pp/proto/customers/v1/sca'
import { KycVendorServiceClient } from '@pp/proto/customers/v1/verification_reviews'
import { VerificationsServiceClient } from '@pp/proto/customers/v1/verifications'

/** The customers service's verification, invitation and SCA services; they share the customers service's address. */
export interface VerificationClients {
  verifications: VerificationsServiceClient
  kycLinks: KycLinksServiceClient
  hosted: HostedKycServiceClient
  beneficialOwners: BeneficialOwnersServiceClient
  documents: DocumentsServiceClient
  contactVerification: ContactVerificationServiceClient
  bulkImport: BulkImportServiceClient
  invitations: InvitationsServiceClient
  sca: ScaServiceClient
  /** The KYC vendor's decision webhook. */
  kycVendor: KycVendorServiceClient
}

export const createVerificationClients = (customersAddress: string): VerificationClients => ({
  verifications: createGrpcClient(VerificationsServiceClient, customersAddress),
  kycLinks: createGrpcClient(KycLinksServiceClient, customersAddress),
  hosted: createGrpcClient(HostedKycServiceClient, customersAddress),
  beneficialOwners: createGrpcClient(BeneficialOwnersServiceClient, customersAddress),
  documents: createGrpcClient(DocumentsServiceClient, customersAddress),
  contactVerification: createGrpcClient(ContactVerificationServiceClient, customersAddress),
  bulkImport: createGrpcClient(BulkImportServiceClient, customersAddress),
  invitations: createGrpcClient(InvitationsServiceClient, customersAddress),
  sca: createGrpcClient(ScaServiceClient, customersAddress),
  kycVendor: createGrpcClient(KycVendorServiceClient, customersAddress),
})
