import type { Caller } from '../types.js'

/** What the ledger needs to know of a customer to give it external accounts. */
export interface CustomerFacts {
  isDeleted: boolean
  /** The customer's regulatory jurisdiction: its region, else its address's country (ISO 3166-1). */
  jurisdiction?: string
}

/** The port to the customers service, which owns customers. */
export interface CustomerDirectory {
  /** The caller's customer, or undefined when the tenant has none with this id. */
  findCustomer(caller: Caller, customerId: string): Promise<CustomerFacts | undefined>
}
