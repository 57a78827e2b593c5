import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreateCustomerRequest,
  CreateCustomerResponse,
  CustomersServiceServer,
  DeleteCustomerRequest,
  DeleteCustomerResponse,
  GetCustomerFactsRequest,
  GetCustomerFactsResponse,
  GetCustomerRequest,
  GetCustomerResponse,
  ListCustomersRequest,
  ListCustomersResponse,
  ListEndUserTermsRequest,
  ListEndUserTermsResponse,
  UpdateCustomerRequest,
  UpdateCustomerResponse,
} from '@pp/proto/customers/v1/customers'
import { createCustomer } from '../domain/customers/create-customer.js'
import { deleteCustomer } from '../domain/customers/delete-customer.js'
import { getCustomer } from '../domain/customers/get-customer.js'
import { listCustomers } from '../domain/customers/list-customers.js'
import { updateCustomer } from '../domain/customers/update-customer.js'
import type { CustomersDeps } from '../domain/deps.js'
import { createInput, customerFacts, listInput, updateInput } from './mapping.js'

/**
 * customers.v1.CustomersService: each method maps its message and runs one use case. A customer
 * answers as the API's JSON of its view, the text its webhooks carry too.
 */
export function customersService(deps: CustomersDeps, logger: Logger): CustomersServiceServer {
  return unaryService(logger, {
    async createCustomer(request: CreateCustomerRequest, ctx): Promise<CreateCustomerResponse> {
      const customer = await createCustomer(deps, callerOf(ctx), createInput(request), ctx.idempotencyKey)
      return { customerJson: JSON.stringify(customer) }
    },
    async getCustomer(request: GetCustomerRequest, ctx): Promise<GetCustomerResponse> {
      return { customerJson: JSON.stringify(await getCustomer(deps, callerOf(ctx), request.customerId)) }
    },
    async getCustomerFacts(request: GetCustomerFactsRequest, ctx): Promise<GetCustomerFactsResponse> {
      return { facts: customerFacts(await getCustomer(deps, callerOf(ctx), request.customerId)) }
    },
    async updateCustomer(request: UpdateCustomerRequest, ctx): Promise<UpdateCustomerResponse> {
      return { customerJson: JSON.stringify(await updateCustomer(deps, callerOf(ctx), updateInput(request))) }
    },
    async listCustomers(request: ListCustomersRequest, ctx): Promise<ListCustomersResponse> {
      return { pageJson: JSON.stringify(await listCustomers(deps, callerOf(ctx), listInput(request))) }
    },
    async deleteCustomer(request: DeleteCustomerRequest, ctx): Promise<DeleteCustomerResponse> {
      return { customerJson: JSON.stringify(await deleteCustomer(deps, callerOf(ctx), request.customerId)) }
    },
    // The published agreements are the same for every platform.
    async listEndUserTerms(_request: ListEndUserTermsRequest): Promise<ListEndUserTermsResponse> {
      return { agreements: deps.agreements.current() }
    },
  })
}
