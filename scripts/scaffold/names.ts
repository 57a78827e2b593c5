/**
 * The spellings of a new service's name that the repository uses: the folder, database, compose
 * and Kubernetes names are kebab-case (`wallet-auth`), the proto package and Postgres role
 * snake_case (`wallet_auth`), environment variables CONSTANT_CASE, TypeScript identifiers camel-
 * and PascalCase.
 */
export interface ServiceNames {
  /** kebab-case: folder under services/, database, compose service, Deployment, identity. */
  name: string
  snake: string
  constant: string
  camel: string
  pascal: string
  grpcPort: number
}

const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/

/** Why a name cannot be a new service's, or undefined when it can. */
export function nameProblem(name: string, existing: readonly string[]): string | undefined {
  if (!KEBAB_CASE.test(name)) return `"${name}" is not kebab-case (lower-case letters and digits, words joined by "-", a letter first)`
  if (['gateway', 'admin'].includes(name)) return `"${name}" is an identity of the mesh already`
  if (existing.includes(name)) return `a service named "${name}" exists already`
  return undefined
}

export function namesOf(name: string, grpcPort: number): ServiceNames {
  const words = name.split('-')
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')
  return {
    name,
    snake: words.join('_'),
    constant: words.join('_').toUpperCase(),
    camel: pascal[0]!.toLowerCase() + pascal.slice(1),
    pascal,
    grpcPort,
  }
}
