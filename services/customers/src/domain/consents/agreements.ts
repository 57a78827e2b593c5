/** The agreement every customer of an unregulated platform must accept (spec, rule 1). */
export const SERVICE_END_USER_TERMS = 'SERVICE_END_USER_TERMS'

export interface Agreement {
  type: string
  version: string
  url: string
}

/**
 * Every version of every agreement the service publishes, oldest first within a type; the last
 * one of a type is its current version. A new version is appended here, never replaces one:
 * acceptances of earlier versions stay valid records.
 */
export const PUBLISHED_AGREEMENTS: readonly Agreement[] = [
  {
    type: SERVICE_END_USER_TERMS,
    version: '2025-10-13',
    url: 'https://legal.payments-platform.example/end-user-terms/2025-10-13',
  },
]

export interface AgreementCatalogue {
  /** Each agreement type at its current version. */
  current(): Agreement[]
  types(): string[]
  isPublished(type: string, version: string): boolean
}

export function agreementCatalogue(published: readonly Agreement[] = PUBLISHED_AGREEMENTS): AgreementCatalogue {
  const latestByType = new Map<string, Agreement>()
  for (const agreement of published) latestByType.set(agreement.type, agreement)
  const publishedKeys = new Set(published.map((a) => `${a.type}\u0000${a.version}`))
  return {
    current: () => [...latestByType.values()],
    types: () => [...latestByType.keys()],
    isPublished: (type, version) => publishedKeys.has(`${type}\u0000${version}`),
  }
}
