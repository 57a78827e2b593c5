import { XMLParser, XMLValidator } from 'fast-xml-parser'

/** An element of an ISO 20022 message: its children by local name (each a list), its text, its attributes as `@name`. */
export type XmlNode = { [name: string]: XmlNode[] | string | undefined }

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // values stay text: an amount or an id read as a number would lose digits
  parseTagValue: false,
  parseAttributeValue: false,
  // every element a list, so a message with one entry reads like one with many
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  alwaysCreateTextNode: true,
  processEntities: true,
})

/** The document's elements by local name, each a list, attributes as `@name`; throws on text that is not XML. */
export function parseXml(text: string): XmlNode {
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw new Error(`not XML: ${valid.err.msg} (line ${valid.err.line})`)
  return parser.parse(text) as XmlNode
}

/** The message's root under Document (e.g. CstmrPmtStsRpt) and its name; throws on text that is not XML. */
export function readIsoMessage(text: string): { name: string; root: XmlNode } {
  const document = children(parseXml(text), 'Document')[0]
  const [name, roots] = Object.entries(document ?? {}).find(([key]) => !key.startsWith('@') && key !== '#text') ?? []
  if (!name || !Array.isArray(roots) || !roots[0]) throw new Error('not an ISO 20022 message: no Document with a message in it')
  return { name, root: roots[0] }
}

/** The children named `name`; [] when there are none. */
export const children = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const found = node?.[name]
  return Array.isArray(found) ? found : []
}

/** The element at `path` (names separated by '/'), its first at each step. */
export const at = (node: XmlNode | undefined, path: string): XmlNode | undefined =>
  path.split('/').reduce<XmlNode | undefined>((current, name) => children(current, name)[0], node)

/** The trimmed text of the element at `path`, undefined when absent or empty. */
export function textAt(node: XmlNode | undefined, path: string): string | undefined {
  const text = at(node, path)?.['#text']
  return typeof text === 'string' && text.trim() ? text.trim() : undefined
}

/** An amount element's value in cents and its currency; undefined when it is not a decimal with at most 2 fraction digits. */
export function amountAt(node: XmlNode | undefined, path: string): { cents: bigint; currency: string } | undefined {
  const element = at(node, path)
  const value = typeof element?.['#text'] === 'string' ? element['#text'].trim() : undefined
  const currency = element?.['@Ccy']
  const match = value === undefined ? null : /^(\d+)(?:\.(\d{1,2}))?$/.exec(value)
  if (!match || typeof currency !== 'string') return undefined
  return { cents: BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')), currency }
}
