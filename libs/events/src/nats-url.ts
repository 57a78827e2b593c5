// a scheme (optional) then whatever stands before an `@` in the authority: user, password or token
const USERINFO = /^(\s*(?:[a-z][\w+.-]*:\/\/)?)[^@/]*@/i

/**
 * The NATS URL (or comma-separated URLs) as logs show it: without the user, password or token a
 * URL may carry, since log lines go where secrets must not (aggregators, support tickets).
 */
export const redactedNatsUrl = (url: string): string =>
  url
    .split(',')
    .map((server) => server.replace(USERINFO, '$1'))
    .join(',')
