export { tenantOf, type Caller, type Environment, type Origin, type Tenant } from '@pp/tenancy'
