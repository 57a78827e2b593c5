export { createLocalCa, type IssuedPem, type IssueOptions, type LocalCa } from './certificates.js'
export { writeLocalIdentities, type IdentityFiles } from './files.js'
export { ADMIN_IDENTITY, GATEWAY_IDENTITY, identityFromSubjectAltName, spiffeIdOf, TRUST_DOMAIN } from './spiffe.js'
