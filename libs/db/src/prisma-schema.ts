/**
 * A reader for the parts of a Prisma schema the drift check needs: models with their tables,
 * scalar columns, types and nullability, and enums with their values.
 */
export interface SchemaColumn {
  field: string
  column: string
  prismaType: string
  nativeType?: string
  isOptional: boolean
  isList: boolean
  enumName?: string
}

export interface SchemaModel {
  name: string
  table: string
  columns: SchemaColumn[]
}

export interface PrismaSchema {
  models: SchemaModel[]
  enums: Map<string, { dbName: string; values: string[] }>
}

const BLOCK = /^(model|enum)\s+(\w+)\s*\{([\s\S]*?)^\}/gm
const MAP = /@map\("([^"]+)"\)/

export function parsePrismaSchema(text: string): PrismaSchema {
  const blocks = [...text.matchAll(BLOCK)].map((m) => ({ kind: m[1]!, name: m[2]!, body: lines(m[3]!) }))
  const modelNames = new Set(blocks.filter((b) => b.kind === 'model').map((b) => b.name))
  const enums = new Map(
    blocks
      .filter((b) => b.kind === 'enum')
      .map((b) => {
        const dbName = blockMap(b.body) ?? b.name
        const values = b.body.filter((l) => !l.startsWith('@@')).map((l) => l.split(/\s+/)[0]!)
        return [b.name, { dbName, values }] as const
      }),
  )
  const models = blocks
    .filter((b) => b.kind === 'model')
    .map((b) => ({
      name: b.name,
      table: blockMap(b.body) ?? b.name,
      columns: b.body
        .filter((l) => !l.startsWith('@@'))
        .map((l) => parseField(l, enums))
        .filter((c): c is SchemaColumn => c !== undefined && !modelNames.has(c.prismaType)),
    }))
  return { models, enums }
}

function lines(body: string): string[] {
  return body
    .split('\n')
    .map((l) => l.replace(/\/\/.*$/, '').trim())
    .filter((l) => l.length > 0)
}

function blockMap(body: string[]): string | undefined {
  const line = body.find((l) => l.startsWith('@@map('))
  return line ? /@@map\("([^"]+)"\)/.exec(line)?.[1] : undefined
}

function parseField(line: string, enums: PrismaSchema['enums']): SchemaColumn | undefined {
  const match = /^(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(line)
  if (!match) return undefined
  const [, field = '', prismaType = '', list, optional, rest = ''] = match
  if (rest.includes('@relation')) return undefined
  return {
    field,
    column: MAP.exec(rest)?.[1] ?? field,
    prismaType,
    nativeType: /@db\.(\w+)/.exec(rest)?.[1],
    isOptional: optional === '?',
    isList: list === '[]',
    enumName: enums.has(prismaType) ? enums.get(prismaType)!.dbName : undefined,
  }
}
