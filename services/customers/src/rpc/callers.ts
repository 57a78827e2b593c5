import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the customers service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): a service calling a
 * method it is not listed for is refused with FORBIDDEN. `admin` is served on the operator
 * port only.
 */
export const customersCallers: CallerTable = {
  '/customers.v1.BeneficialOwnersService/CreateBeneficialOwner': ['gateway'],
  '/customers.v1.BeneficialOwnersService/GetBeneficialOwner': ['gateway'],
  '/customers.v1.BeneficialOwnersService/ListBeneficialOwners': ['gateway'],
  '/customers.v1.BeneficialOwnersService/UpdateBeneficialOwner': ['gateway'],
  '/customers.v1.BulkImportService/StartCustomerImport': ['gateway'],
  '/customers.v1.BulkImportService/GetCustomerImportJob': ['gateway'],
  '/customers.v1.ContactVerificationService/SendContactVerificationCode': ['gateway'],
  '/customers.v1.ContactVerificationService/ConfirmContactVerification': ['gateway'],
  '/customers.v1.CustomersService/CreateCustomer': ['gateway'],
  '/customers.v1.CustomersService/GetCustomer': ['gateway'],
  '/customers.v1.CustomersService/GetCustomerFacts': ['agents', 'ledger', 'payments', 'wallet-auth', 'cards'],
  '/customers.v1.CustomersService/UpdateCustomer': ['gateway'],
  '/customers.v1.CustomersService/ListCustomers': ['gateway'],
  '/customers.v1.CustomersService/DeleteCustomer': ['gateway'],
  '/customers.v1.CustomersService/ListEndUserTerms': ['gateway'],
  '/customers.v1.DocumentsService/UploadDocument': ['gateway'],
  '/customers.v1.DocumentsService/ReplaceDocument': ['gateway'],
  '/customers.v1.DocumentsService/GetDocument': ['gateway'],
  '/customers.v1.DocumentsService/ListDocuments': ['gateway'],
  '/customers.v1.DocumentsService/DeleteDocument': ['gateway'],
  '/customers.v1.HostedKycService/GetHostedKycSession': ['gateway'],
  '/customers.v1.HostedKycService/SaveHostedKycProfile': ['gateway'],
  '/customers.v1.HostedKycService/AddHostedKycBeneficialOwner': ['gateway'],
  '/customers.v1.HostedKycService/UploadHostedKycDocument': ['gateway'],
  '/customers.v1.HostedKycService/CompleteHostedKyc': ['gateway'],
  '/customers.v1.InvitationsService/CreateInvitation': ['gateway'],
  '/customers.v1.InvitationsService/GetInvitation': ['gateway'],
  '/customers.v1.InvitationsService/ClaimInvitation': ['gateway'],
  '/customers.v1.InvitationsService/CancelInvitation': ['gateway'],
  '/customers.v1.KycLinksService/CreateKycLink': ['gateway'],
  '/customers.v1.ScaService/ListScaFactors': ['gateway'],
  '/customers.v1.ScaService/StartScaFactorEnrollment': ['gateway'],
  '/customers.v1.ScaService/ConfirmScaFactorEnrollment': ['gateway'],
  '/customers.v1.ScaService/DeleteScaFactor': ['gateway'],
  '/customers.v1.ScaService/StartScaLogin': ['gateway'],
  '/customers.v1.ScaService/CompleteScaLogin': ['gateway'],
  '/customers.v1.ScaService/RecordSecurityEvent': ['gateway'],
  '/customers.v1.ScaService/StartTwoFactorReset': ['gateway'],
  '/customers.v1.ScaService/GetTwoFactorReset': ['gateway'],
  '/customers.v1.ScaService/CompleteTwoFactorReset': ['gateway'],
  '/customers.v1.ScaService/GetScaRequirement': ['payments'],
  '/customers.v1.ScaService/IssueScaChallenge': ['ledger', 'payments'],
  '/customers.v1.ScaService/AuthorizeScaChallenge': ['ledger', 'payments'],
  '/customers.v1.ScaService/ResendScaCode': ['payments'],
  '/customers.v1.VerificationsService/CreateVerification': ['gateway'],
  '/customers.v1.VerificationsService/GetVerification': ['gateway'],
  '/customers.v1.VerificationsService/ListVerifications': ['gateway'],
  // the KYC vendor's decision webhook, received on the public edge
  '/customers.v1.KycVendorService/ReceiveKycVendorDecision': ['gateway'],
  // the review queue of production verifications (`pnpm admin verifications`)
  '/customers.v1.VerificationReviewsOperatorService/ListVerificationReviews': ['admin'],
  '/customers.v1.VerificationReviewsOperatorService/GetVerificationReview': ['admin'],
  '/customers.v1.VerificationReviewsOperatorService/GetVerificationReviewDocument': ['admin'],
  '/customers.v1.VerificationReviewsOperatorService/DecideVerificationReview': ['admin'],
}
