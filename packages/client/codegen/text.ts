/** Small helpers that write TypeScript source in the repository's style (single quotes, no semicolons). */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

export const isIdentifier = (name: string): boolean => IDENTIFIER.test(name)

export const stringLiteral = (value: string): string =>
  `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`

/** A literal type for an enum or const value; anything but a string, number, boolean or null has none. */
export function literalType(value: unknown): string {
  if (typeof value === 'string') return stringLiteral(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === null) return 'null'
  return 'unknown'
}

/** An object key: bare when it is an identifier, quoted otherwise (`'Idempotency-Key'`). */
export const propertyKey = (name: string): string => (isIdentifier(name) ? name : stringLiteral(name))

/** A doc comment of the lines given (nothing when there are none), at `indent`. */
export function docComment(lines: Array<string | undefined>, indent: string): string {
  const text = lines
    .filter((line): line is string => line !== undefined && line.trim() !== '')
    .flatMap((line) => line.split('\n'))
    .map((line) => line.trimEnd().replaceAll('*/', '*\\/'))
  if (text.length === 0) return ''
  if (text.length === 1) return `${indent}/** ${text[0]} */\n`
  return `${indent}/**\n${text.map((line) => `${indent} *${line === '' ? '' : ` ${line}`}`).join('\n')}\n${indent} */\n`
}

const LINE_WIDTH = 120

/**
 * A union of member types: on one line when it fits, else one member a line with a leading `|`,
 * so that a long enum reads (and diffs) one value at a time.
 */
export function unionType(members: string[], indent: string): string {
  const unique = [...new Set(members)]
  if (unique.length === 0) return 'never'
  if (unique.length === 1) return unique[0]!
  const oneLine = unique.join(' | ')
  if (indent.length + oneLine.length <= LINE_WIDTH && !oneLine.includes('\n')) return oneLine
  // a member's own lines move in with it, under its `| `
  return unique.map((member) => `\n${indent}  | ${member.replaceAll('\n', '\n  ')}`).join('')
}

/** The space between `:` or `=` and a type, which a multi-line union does without: it starts on its own line. */
export const spaced = (type: string): string => (type.startsWith('\n') ? type : ` ${type}`)

const SIMPLE_TYPE = /^[\w$.]+$/

/** An intersection member: a union in it needs parentheses, since `&` binds tighter than `|`. */
export const intersectionMember = (type: string): string => (type.includes('|') ? `(${type})` : type)

/** `T[]` for a named type, `Array<T>` for anything longer, where `[]` would bind to its last part. */
export function arrayType(item: string, indent: string): string {
  if (SIMPLE_TYPE.test(item)) return `${item}[]`
  return item.startsWith('\n') ? `Array<${item}\n${indent}>` : `Array<${item}>`
}

/** Sorts by code unit, not by locale, so the output is the same on every machine. */
export const byName = <T>(name: (item: T) => string) => (a: T, b: T): number => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0)
