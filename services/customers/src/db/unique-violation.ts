/** The partial unique index that keeps platformCustomerId unique among active customers. */
export const ACTIVE_PLATFORM_CUSTOMER_ID_INDEX = 'customers_active_platform_customer_id_key'

/** The partial unique index that keeps an UMA address to one active customer of a tenant. */
export const ACTIVE_UMA_ADDRESS_INDEX = 'customers_active_uma_address_key'
