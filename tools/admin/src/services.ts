import { randomBytes } from 'node:crypto'
import { ApiError, isApiError } from '@pp/errors'
import { callUnary, createGrpcClient, type CallContext } from '@pp/grpc'
import { VerificationReviewsOperatorServiceClient } from '@pp/proto/customers/v1/verification_reviews'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { PaymentsOperatorServiceClient } from '@pp/proto/payments/v1/operator'
import { PlatformOperatorServiceClient } from '@pp/proto/platform/v1/operator'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { StablecoinsOperatorServiceClient } from '@pp/proto/stablecoins/v1/operator'
import { WebhooksOperatorServiceClient } from '@pp/proto/webhooks/v1/operator'
import { addressOf, operatorOf, type AddressVariable, type AdminEnv } from './config.js'

type Client = Parameters<typeof callUnary>[0]

// creating a platform or a token hashes its secret with scrypt: far longer than a request's 5 s
// on a busy service is still an answer an operator wants
const CALL_DEADLINE_MS = 30_000

/** The services' clients, each made on first use; a command touches one or two of them. */
export class Services {
  private readonly clients = new Map<unknown, Client>()
  private readonly addresses = new Map<Client, string>()
  /** One id for every call of this run, so the services' logs show what one command did. */
  readonly requestId = `admin-${randomBytes(6).toString('hex')}`
  /** Who runs this command (ADMIN_OPERATOR, else user@host), as the audit log and the decisions it makes record. */
  readonly operator: string

  constructor(private readonly env: AdminEnv) {
    this.operator = operatorOf(env)
  }

  platformOperator = () => this.client(PlatformOperatorServiceClient, 'PLATFORM_OPERATOR_GRPC_ADDRESS')
  verificationReviews = () => this.client(VerificationReviewsOperatorServiceClient, 'CUSTOMERS_OPERATOR_GRPC_ADDRESS')
  platform = () => this.client(PlatformServiceClient, 'PLATFORM_OPERATOR_GRPC_ADDRESS')
  internalAccounts = () => this.client(InternalAccountsServiceClient, 'LEDGER_OPERATOR_GRPC_ADDRESS')
  webhooksOperator = () => this.client(WebhooksOperatorServiceClient, 'WEBHOOKS_OPERATOR_GRPC_ADDRESS')
  paymentsOperator = () => this.client(PaymentsOperatorServiceClient, 'PAYMENTS_OPERATOR_GRPC_ADDRESS')
  stablecoinsOperator = () => this.client(StablecoinsOperatorServiceClient, 'STABLECOINS_OPERATOR_GRPC_ADDRESS')

  /** One unary call; a failure arrives as the ApiError the service meant. `tenant` acts as that platform and environment. */
  call<Req, Res>(client: Client, method: Parameters<typeof callUnary<Req, Res>>[1], request: Req, tenant: Omit<CallContext, 'requestId'> = {}): Promise<Res> {
    return callUnary(client, method, request, { ...tenant, requestId: this.requestId }, CALL_DEADLINE_MS).catch((err: unknown) => {
      // the operator's first question: which address did not answer
      if (isApiError(err) && err.code === 'SERVICE_UNAVAILABLE') throw new ApiError('SERVICE_UNAVAILABLE', `No answer from ${this.addresses.get(client)}`)
      throw err
    })
  }

  close(): void {
    for (const client of this.clients.values()) client.close()
    this.clients.clear()
    this.addresses.clear()
  }

  private client<C extends Client>(Ctor: Parameters<typeof createGrpcClient<C>>[0], variable: AddressVariable): C {
    let client = this.clients.get(Ctor)
    if (!client) {
      const address = addressOf(this.env, variable)
      client = createGrpcClient(Ctor, address)
      this.clients.set(Ctor, client)
      this.addresses.set(client, `${variable}=${address}`)
    }
    return client as C
  }
}
