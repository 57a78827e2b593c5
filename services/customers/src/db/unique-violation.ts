/** The partial unique index that keeps platformCustomerId unique among active customers. */
export const ACTIVE_PLATFORM_CUSTOMER_ID_INDEX = 'customers_active_platform_customer_id_key'
