import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the payments service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): a service calling a
 * method it is not listed for is refused with FORBIDDEN. `admin` is served on the operator
 * port only.
 */
export const paymentsCallers: CallerTable = {
  // the bank rails' on-demand files, fetches and operator queue (`pnpm admin ach`, `pnpm admin sepa`)
  '/payments.v1.PaymentsOperatorService/BuildAchFile': ['admin'],
  '/payments.v1.PaymentsOperatorService/FetchAchInbound': ['admin'],
  '/payments.v1.PaymentsOperatorService/BuildSepaFile': ['admin'],
  '/payments.v1.PaymentsOperatorService/FetchSepaInbound': ['admin'],
  '/payments.v1.PaymentsOperatorService/ListBankRailItems': ['admin'],
  '/payments.v1.PaymentsOperatorService/ResolveBankRailItem': ['admin'],
  // production exchange rates set by the operator (`pnpm admin rates`, RATES_SOURCE=operator)
  '/payments.v1.PaymentsOperatorService/SetExchangeRate': ['admin'],
  '/payments.v1.PaymentsOperatorService/ListExchangeRates': ['admin'],
  '/payments.v1.PaymentsCatalogService/GetExchangeRates': ['gateway'],
  '/payments.v1.PaymentsCatalogService/ListDiscoveries': ['gateway'],
  '/payments.v1.PaymentsCatalogService/ListUmaProviders': ['gateway'],
  '/payments.v1.PaymentsCatalogService/ListVasps': ['gateway'],
  '/payments.v1.PaymentsCatalogService/EstimateCryptoWithdrawalFee': ['gateway'],
  '/payments.v1.PaymentsCatalogService/LookupUma': ['gateway'],
  '/payments.v1.PaymentsCatalogService/LookupExternalAccount': ['gateway'],
  '/payments.v1.PaymentsService/CreateQuote': ['gateway', 'agents'],
  '/payments.v1.PaymentsService/GetQuote': ['gateway', 'agents'],
  '/payments.v1.PaymentsService/GetQuoteFacts': ['gateway', 'agents'],
  '/payments.v1.PaymentsService/ExecuteQuote': ['gateway', 'agents'],
  '/payments.v1.PaymentsService/AuthorizeQuote': ['gateway'],
  '/payments.v1.PaymentsService/ResendQuoteScaCode': ['gateway'],
  '/payments.v1.PaymentsService/SandboxSend': ['gateway'],
  '/payments.v1.PaymentsService/SandboxUmaReceive': ['gateway'],
  '/payments.v1.PaymentsService/ListTransactions': ['gateway'],
  '/payments.v1.PaymentsService/GetTransaction': ['gateway', 'agents'],
  '/payments.v1.PaymentsService/ConfirmReceiptDelivery': ['gateway'],
  '/payments.v1.PaymentsService/ApproveTransaction': ['gateway'],
  '/payments.v1.PaymentsService/RejectTransaction': ['gateway'],
  '/payments.v1.PaymentsService/CancelTransaction': ['gateway'],
  '/payments.v1.PaymentsService/TransferIn': ['gateway'],
  '/payments.v1.PaymentsService/TransferOut': ['gateway'],
}
