import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the wallet-auth service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): a service calling a
 * method it is not listed for is refused with FORBIDDEN. `admin` is served on the operator
 * port only.
 */
export const walletAuthCallers: CallerTable = {
  '/wallet_auth.v1.WalletAuthService/GetWalletAuthState': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/CreateAuthCredential': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/ListAuthCredentials': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/GetContactChangeSigner': ['gateway'],
  // the credentials' half of a customer's contact update, inside the customers service's own
  '/wallet_auth.v1.WalletAuthService/SyncContactCredentials': ['customers'],
  '/wallet_auth.v1.WalletAuthService/GetAuthCredential': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/RevokeAuthCredential': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/ChallengeAuthCredential': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/VerifyAuthCredential': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/ListAuthSessions': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/GetAuthSession': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/RevokeAuthSession': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/RefreshAuthSession': ['gateway'],
  // payments asks for the wallet signature of a quote it executes
  '/wallet_auth.v1.WalletAuthService/BeginSignedRequest': ['gateway', 'payments'],
  '/wallet_auth.v1.WalletAuthService/CompleteSignedRequest': ['gateway'],
  // each with the wallet signature's proof, which the service completes itself
  '/wallet_auth.v1.WalletAuthService/ExportWallet': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/CreateDelegatedKey': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/ListDelegatedKeys': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/GetDelegatedKey': ['gateway'],
  '/wallet_auth.v1.WalletAuthService/RevokeDelegatedKey': ['gateway'],
  // before a wallet-funded card spends
  '/wallet_auth.v1.WalletAuthService/HasActiveDelegatedKey': ['cards'],
}
