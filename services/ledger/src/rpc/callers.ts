import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the ledger service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): a service calling a
 * method it is not listed for is refused with FORBIDDEN. `admin` is served on the operator
 * port only.
 */
export const ledgerCallers: CallerTable = {
  '/ledger.v1.ExternalAccountsService/CreateExternalAccount': ['gateway'],
  '/ledger.v1.ExternalAccountsService/GetExternalAccount': ['gateway'],
  '/ledger.v1.ExternalAccountsService/ListExternalAccounts': ['gateway'],
  '/ledger.v1.ExternalAccountsService/DeleteExternalAccount': ['gateway'],
  '/ledger.v1.ExternalAccountsService/StartBeneficiaryTrust': ['gateway'],
  '/ledger.v1.ExternalAccountsService/ConfirmBeneficiaryTrust': ['gateway'],
  '/ledger.v1.ExternalAccountsService/StartBeneficiaryUntrust': ['gateway'],
  '/ledger.v1.ExternalAccountsService/ConfirmBeneficiaryUntrust': ['gateway'],
  '/ledger.v1.ExternalAccountsService/CreateOwnershipChallenge': ['gateway'],
  '/ledger.v1.ExternalAccountsService/VerifyOwnership': ['gateway'],
  '/ledger.v1.ExternalAccountsService/CheckExternalAccountUsable': ['agents', 'payments', 'stablecoins'],
  // a payout's full bank account number, for the bank file payments builds: no one else reads it
  '/ledger.v1.ExternalAccountsService/GetPayoutBankDetails': ['payments'],
  // the outcome of a production account's prenote, which payments' ACH rail sends and watches
  '/ledger.v1.ExternalAccountsService/RecordAchValidation': ['payments'],
  '/ledger.v1.InternalAccountsService/ListCustomerInternalAccounts': ['gateway'],
  '/ledger.v1.InternalAccountsService/ListPlatformInternalAccounts': ['gateway'],
  // no caller today: served to nobody until one needs it
  '/ledger.v1.InternalAccountsService/GetInternalAccount': [],
  '/ledger.v1.InternalAccountsService/GetInternalAccountFacts': ['gateway', 'agents', 'payments', 'wallet-auth', 'cards', 'stablecoins'],
  '/ledger.v1.InternalAccountsService/ListCustomerInternalAccountFacts': ['payments'],
  '/ledger.v1.InternalAccountsService/CreateRuleBasedInternalAccount': ['gateway'],
  '/ledger.v1.InternalAccountsService/FundSandboxInternalAccount': ['gateway'],
  // money the bank received for a production account, which payments' bank rails read in
  '/ledger.v1.InternalAccountsService/CreditCollectedPayment': ['payments'],
  // an operator freezes or unfreezes an account (`pnpm admin`)
  '/ledger.v1.InternalAccountsService/UpdateInternalAccountStatus': ['admin'],
  '/ledger.v1.InternalAccountsService/UpdateInternalAccount': ['gateway'],
  '/ledger.v1.IssuedTokensService/OpenIssuedTokenAccounts': ['stablecoins'],
  // money moves only for a payment or a card transaction
  '/ledger.v1.LedgerService/CreateTransfer': ['payments', 'cards'],
  // holds: payments, card authorizations, stablecoin mints and burns
  '/ledger.v1.LedgerService/CreatePendingTransfer': ['payments', 'cards', 'stablecoins'],
  '/ledger.v1.LedgerService/PostPendingTransfer': ['payments', 'cards', 'stablecoins'],
  '/ledger.v1.LedgerService/VoidPendingTransfer': ['payments', 'cards', 'stablecoins'],
  // an inspection for operators (and the tests): no service reads balances this way
  '/ledger.v1.LedgerService/GetBalances': ['admin'],
}
