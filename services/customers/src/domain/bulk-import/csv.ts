/**
 * RFC 4180 CSV: comma-separated fields, double-quoted fields may hold commas, quotes ("") and
 * line breaks; CRLF or LF ends a record. Returns undefined when a quote is left open.
 */
export function parseCsv(text: string): string[][] | undefined {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let isQuoted = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (char === '"') isQuoted = false
      else field += char
    } else if (char === '"' && field === '') isQuoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else field += char
  }
  if (isQuoted) return undefined
  if (field !== '' || record.length > 0) records.push([...record, field])
  return records.filter((r) => !(r.length === 1 && r[0] === ''))
}
