/** Reads one sample of a Prometheus text answer: the value of `name` with exactly `labels` (0 when absent). */
export async function scrapeCounter(metricsUrl: string, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(metricsUrl)).text()
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`).sort()
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const present = (match[2] ?? '').split(',').filter(Boolean).sort()
    if (present.length === wanted.length && present.every((label, i) => label === wanted[i])) return Number(match[3])
  }
  return 0
}
