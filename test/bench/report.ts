/** One line of the final table: a figure, what it reads against when it has an anchor, and the target. */
export interface Row {
  figure: string
  value: string
  anchor?: string
  ratio?: string
  target?: string
}

export const ms = (n: number) => `${n.toFixed(1)} ms`
export const perSecond = (n: number, unit: string) => `${n.toFixed(1)} ${unit}/s`
export const percentOf = (value: number, anchor: number) => `${((value / anchor) * 100).toFixed(1)}%`

/** The rows as a plain-text table with aligned columns. */
export function table(rows: Row[]): string {
  const header: Row = { figure: 'figure', value: 'value', anchor: 'anchor', ratio: 'ratio', target: 'target' }
  const cells = [header, ...rows].map((r) => [r.figure, r.value, r.anchor ?? '', r.ratio ?? '', r.target ?? ''])
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((line) => line[column]!.length)))
  const line = (values: string[]) => values.map((v, column) => v.padEnd(widths[column]!)).join(' | ').trimEnd()
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.slice(1).map(line)].join('\n')
}
