import type { FieldError } from '@pp/errors'
import { fieldPath } from './field-errors.js'

/** Deeper than any request of the API nests: a deeper value is refused before anything recurses over it. */
export const MAX_NESTING = 32

// NUL, which Postgres text cannot hold, and a surrogate without its pair, which no UTF-8 text can
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

const UNSTORABLE_MESSAGE = 'Contains a NUL character or an unpaired surrogate, which text cannot hold'

interface Visit {
  value: unknown
  path: readonly PropertyKey[]
  depth: number
}

/**
 * The field errors of a validated request part (body, query, path, headers, form) that no service
 * could store: NUL or an unpaired surrogate in any string, key or file name, at any depth, and
 * values nested deeper than `MAX_NESTING`. One pass over the value, without recursion, so that no
 * document is too deep for it.
 */
export function unstorableTextErrors(value: unknown, target: string): FieldError[] {
  const errors: FieldError[] = []
  const pending: Visit[] = [{ value, path: [], depth: 0 }]
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const { value: current, path, depth } = visit
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) errors.push({ field: fieldPath(path, target), message: UNSTORABLE_MESSAGE })
      continue
    }
    // an uploaded file's bytes are its own affair; its name is stored as text
    if (current instanceof File && UNSTORABLE.test(current.name)) errors.push({ field: fieldPath(path, target), message: UNSTORABLE_MESSAGE })
    if (typeof current !== 'object' || current === null || current instanceof Blob) continue
    if (depth >= MAX_NESTING) {
      errors.push({ field: fieldPath(path, target), message: `Nested deeper than ${MAX_NESTING} levels` })
      continue
    }
    // pushed last to first, so that fields are reported in the order they were sent
    for (const [key, child] of Object.entries(current).reverse()) {
      if (UNSTORABLE.test(key)) errors.push({ field: fieldPath([...path, key], target), message: UNSTORABLE_MESSAGE })
      pending.push({ value: child, path: [...path, key], depth: depth + 1 })
    }
  }
  return errors
}
