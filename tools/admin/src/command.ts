import type { Services } from './services.js'

/** What a command answers: `data` is printed as JSON with --json, `text` for a person otherwise. */
export interface CommandResult {
  data: unknown
  text: string
}

export interface Command {
  /** The arguments after the command's name, as the help shows them. */
  usage: string
  summary: string
  run(args: string[], services: Services): Promise<CommandResult>
}

/** Aligned columns under a header, for listings. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()
  return [line(header), ...rows.map(line)].join('\n')
}

/** An ISO time, or '-' for none. */
export const timeText = (date: Date | undefined): string => date?.toISOString() ?? '-'
