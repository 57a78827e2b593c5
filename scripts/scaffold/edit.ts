/**
 * Checked edits of the files a new service joins: each insertion finds its anchor line (exactly
 * one, or the last of a list) and throws naming the file and the anchor when it is not there, so a
 * file whose shape changed stops the scaffold instead of being edited in the wrong place.
 */
export class ScaffoldError extends Error {}

function linesOf(text: string): string[] {
  return text.split('\n')
}

function matching(lines: string[], anchor: RegExp | string): number[] {
  const test = typeof anchor === 'string' ? (line: string) => line === anchor : (line: string) => anchor.test(line)
  return lines.flatMap((line, index) => (test(line) ? [index] : []))
}

const shown = (anchor: RegExp | string): string => (typeof anchor === 'string' ? JSON.stringify(anchor) : String(anchor))

/** Inserts `addition` before the one line that is (or matches) `anchor`. */
export function insertBefore(file: string, text: string, anchor: RegExp | string, addition: string[]): string {
  const lines = linesOf(text)
  const found = matching(lines, anchor)
  if (found.length !== 1) throw new ScaffoldError(`${file}: expected one line ${shown(anchor)} to insert before, found ${found.length}`)
  lines.splice(found[0]!, 0, ...addition)
  return lines.join('\n')
}

/** Inserts `addition` after the last line matching `anchor`: the end of a list of entries like it. */
export function insertAfterLast(file: string, text: string, anchor: RegExp, addition: string[]): string {
  const lines = linesOf(text)
  const found = matching(lines, anchor)
  if (found.length === 0) throw new ScaffoldError(`${file}: no line ${shown(anchor)} to insert after`)
  lines.splice(found.at(-1)! + 1, 0, ...addition)
  return lines.join('\n')
}

/** Replaces the one occurrence of `from`. */
export function replaceOnce(file: string, text: string, from: string, to: string): string {
  const count = text.split(from).length - 1
  if (count !== 1) throw new ScaffoldError(`${file}: expected "${from}" once, found it ${count} times`)
  return text.replace(from, () => to)
}

/** Appends YAML documents to a multi-document file. */
export function appendDocument(text: string, document: string): string {
  return `${text.endsWith('\n') ? text : `${text}\n`}---\n${document}`
}
