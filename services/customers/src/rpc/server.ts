import { startGrpcServer, type DependencyCheck, type RunningGrpcServer, type ServiceRegistration } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { BeneficialOwnersServiceService } from '@pp/proto/customers/v1/beneficial_owners'
import { BulkImportServiceService } from '@pp/proto/customers/v1/bulk_import'
import { ContactVerificationServiceService } from '@pp/proto/customers/v1/contact_verification'
import { CustomersServiceService } from '@pp/proto/customers/v1/customers'
import { DocumentsServiceService } from '@pp/proto/customers/v1/documents'
import { HostedKycServiceService } from '@pp/proto/customers/v1/hosted_kyc'
import { InvitationsServiceService } from '@pp/proto/customers/v1/invitations'
import { KycLinksServiceService } from '@pp/proto/customers/v1/kyc_links'
import { ScaServiceService } from '@pp/proto/customers/v1/sca'
import { KycVendorServiceService, VerificationReviewsOperatorServiceService } from '@pp/proto/customers/v1/verification_reviews'
import { VerificationsServiceService } from '@pp/proto/customers/v1/verifications'
import type { CustomersDeps } from '../domain/deps.js'
import { DOCUMENT_SIZE_MAX_BYTES } from '../domain/documents/document-types.js'
import { beneficialOwnersService } from './beneficial-owners-service.js'
import { customersCallers } from './callers.js'
import { bulkImportService } from './bulk-import-service.js'
import { contactVerificationService } from './contact-verification-service.js'
import { customersService } from './customers-service.js'
import { documentsService } from './documents-service.js'
import { hostedKycService } from './hosted-kyc-service.js'
import { invitationsService } from './invitations-service.js'
import { kycLinksService } from './kyc-links-service.js'
import { scaService } from './sca-service.js'
import { kycVendorService } from './kyc-vendor-service.js'
import { verificationReviewsOperatorService } from './verification-reviews-service.js'
import { verificationsService } from './verifications-service.js'

export const CUSTOMERS_SERVICE_NAME = 'customers.v1.CustomersService'

/** A 10 MB document and its details must fit in one message. */
const RECEIVE_MESSAGE_BYTES_MAX = DOCUMENT_SIZE_MAX_BYTES + 1024 * 1024

/**
 * Serves every customers.v1 service (and health, with `dependencies`) on `address`, the admin's
 * (the review queue) on `operatorAddress` when given, else on `address` too (tests); port 0 picks a free port.
 */
export function buildCustomersServer(
  deps: CustomersDeps,
  address: string,
  logger: Logger,
  dependencies: DependencyCheck[] = [],
  operatorAddress?: string,
): Promise<RunningGrpcServer> {
  const services: ServiceRegistration[] = [
    { name: CUSTOMERS_SERVICE_NAME, definition: CustomersServiceService, implementation: customersService(deps, logger) },
    { name: 'customers.v1.VerificationsService', definition: VerificationsServiceService, implementation: verificationsService(deps, logger) },
    { name: 'customers.v1.KycLinksService', definition: KycLinksServiceService, implementation: kycLinksService(deps, logger) },
    { name: 'customers.v1.HostedKycService', definition: HostedKycServiceService, implementation: hostedKycService(deps, logger) },
    {
      name: 'customers.v1.BeneficialOwnersService',
      definition: BeneficialOwnersServiceService,
      implementation: beneficialOwnersService(deps, logger),
    },
    { name: 'customers.v1.DocumentsService', definition: DocumentsServiceService, implementation: documentsService(deps, logger) },
    {
      name: 'customers.v1.ContactVerificationService',
      definition: ContactVerificationServiceService,
      implementation: contactVerificationService(deps, logger),
    },
    { name: 'customers.v1.BulkImportService', definition: BulkImportServiceService, implementation: bulkImportService(deps, logger) },
    { name: 'customers.v1.InvitationsService', definition: InvitationsServiceService, implementation: invitationsService(deps, logger) },
    { name: 'customers.v1.ScaService', definition: ScaServiceService, implementation: scaService(deps, logger) },
    { name: 'customers.v1.KycVendorService', definition: KycVendorServiceService, implementation: kycVendorService(deps, logger) },
    {
      name: 'customers.v1.VerificationReviewsOperatorService',
      definition: VerificationReviewsOperatorServiceService,
      implementation: verificationReviewsOperatorService(deps, logger),
    },
  ]
  return startGrpcServer(address, services, logger, { receiveMessageBytesMax: RECEIVE_MESSAGE_BYTES_MAX, dependencies, callers: customersCallers, operatorAddress })
}
