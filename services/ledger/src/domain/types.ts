export { tenantOf, type Caller, type Environment, type Tenant } from '@pp/tenancy'
