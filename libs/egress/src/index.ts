export { hostnameRefusal, schemeRefusal, type EgressRule } from './address-rule.js'
export { checkedLookup, EgressRefusedError, endpointRefusal, resolveHost, tableResolver, type ResolveHost } from './checked-lookup.js'
