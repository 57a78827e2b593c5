/** The ECB's eurofxref-daily.xml as published (abridged). */
export const referenceRatesXml = (days: Array<{ time: string; rates: Record<string, string> }>): string => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${days.map((d) => `\t\t<Cube time='${d.time}'>\n${Object.entries(d.rates).map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`).join('\n')}\n\t\t</Cube>`).join('\n')}
\t</Cube>
</gesmes:Envelope>`
