/**
 * The layering rules of the service skeleton, read from the imports with the TypeScript compiler
 * (one program over every service's and the gateway's `src/`, tests and generated code left out).
 * `scripts/check-layers.ts` runs it in `pnpm lint`; the rules are listed there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { shortestLoop, stronglyConnected, type Imports } from './layering-graph.js'

export type Rule = 'domain-prisma' | 'domain-imports' | 'domain-adapters' | 'domain-queries' | 'db-imports-domain' | 'cycle' | 'cross-service'

export interface Violation {
  /** From the repository root. */
  file: string
  rule: Rule
  what: string
}

interface Unit {
  name: string
  dir: string
  packageName: string
}

type Layer = 'domain' | 'db' | 'rpc' | 'providers' | 'clients' | 'other'

const FORBIDDEN_IN_DOMAIN = [/^@pp\/proto(\/|$)/, /^@pp\/grpc(\/|$)/, /^@grpc\//]
const PRISMA_SPECIFIER = /^(@prisma\/|\.prisma\/|prisma$|prisma\/)/
const RAW_PRISMA_CALLS = new Set(['$queryRaw', '$queryRawUnsafe', '$executeRaw', '$executeRawUnsafe', '$transaction'])

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  customConditions: ['development'],
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
}

function unitsOf(root: string): Unit[] {
  const servicesDir = join(root, 'services')
  const dirs = existsSync(servicesDir) ? readdirSync(servicesDir).map((name) => ({ name, dir: join(servicesDir, name) })) : []
  if (existsSync(join(root, 'gateway'))) dirs.push({ name: 'gateway', dir: join(root, 'gateway') })
  return dirs
    .filter((u) => existsSync(join(u.dir, 'package.json')))
    .map((u) => ({ ...u, packageName: JSON.parse(readFileSync(join(u.dir, 'package.json'), 'utf8')).name as string }))
}

function* sourceFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'generated' && entry.name !== 'node_modules') yield* sourceFiles(path)
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
      yield path
    }
  }
}

const isPrismaFile = (file: string): boolean =>
  /[\\/]node_modules[\\/](@prisma|\.prisma|prisma)[\\/]/.test(file) || /[\\/]src[\\/]db[\\/]generated[\\/]/.test(file)

/** Everything the layering rules need of one program: where a file sits, what it imports, what a name stands for. */
class Layering {
  readonly program: ts.Program
  readonly checker: ts.TypeChecker
  readonly found = new Map<string, Violation>()
  private readonly prismaReach = new Map<ts.Symbol, string | undefined>()

  constructor(
    readonly root: string,
    readonly units: Unit[],
  ) {
    const rootNames = units.flatMap((u) => [...sourceFiles(join(u.dir, 'src'))])
    this.program = ts.createProgram({ rootNames, options: OPTIONS })
    this.checker = this.program.getTypeChecker()
  }

  report(file: string, rule: Rule, what: string): void {
    const violation = { file: relative(this.root, file).split(sep).join('/'), rule, what }
    this.found.set(`${violation.file}\0${rule}\0${what}`, violation)
  }

  unitOf(file: string): Unit | undefined {
    return this.units.find((u) => file.startsWith(u.dir + sep) || file.startsWith(u.dir + '/'))
  }

  layerOf(file: string): Layer {
    const unit = this.unitOf(file)
    if (!unit) return 'other'
    const path = relative(unit.dir, file).split(sep).join('/')
    if (path.startsWith('src/domain/')) return 'domain'
    if (path.startsWith('src/db/')) return 'db'
    if (path.startsWith('src/rpc/')) return 'rpc'
    if (path.startsWith('src/providers/')) return 'providers'
    if (path.startsWith('src/clients/')) return 'clients'
    return 'other'
  }

  /** Every module a file names (import and export declarations, `import()`, import types), with the file it resolves to. */
  importsOf(sf: ts.SourceFile): { literal: ts.StringLiteralLike; node: ts.Node; resolved?: string }[] {
    const found: { literal: ts.StringLiteralLike; node: ts.Node; resolved?: string }[] = []
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
        found.push({ literal: node.moduleSpecifier, node })
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
        found.push({ literal: node.arguments[0], node })
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal)) {
        found.push({ literal: node.argument.literal, node })
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
    for (const entry of found) {
      const mode = this.program.getModeForUsageLocation(sf, entry.literal)
      const resolved = ts.resolveModuleName(entry.literal.text, sf.fileName, OPTIONS, ts.sys, undefined, undefined, mode).resolvedModule
      if (resolved) entry.resolved = resolve(resolved.resolvedFileName)
    }
    return found
  }

  /** A name as declared, through any chain of re-exports and import aliases. */
  target(symbol: ts.Symbol): ts.Symbol {
    return symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol
  }

  /** The names an import declaration brings in (empty for a side-effect import or `import()`). */
  importedNames(node: ts.Node): ts.ModuleExportName[] {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      if (!clause) return []
      const names: ts.ModuleExportName[] = clause.name ? [clause.name] : []
      const bindings = clause.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name)
      if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name))
      return names
    }
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      return node.exportClause.elements.map((e) => e.name)
    }
    return []
  }

  /** True when the import leaves nothing at run time. */
  isTypeOnly(node: ts.Node): boolean {
    if (ts.isImportTypeNode(node)) return true
    if (ts.isCallExpression(node)) return false
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      if (!clause) return false
      if (clause.isTypeOnly) return true
      if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) return false
      return this.importedNames(node).every((name) => !this.isValueName(name))
    }
    if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly) return true
      if (!node.exportClause) return false
      return this.importedNames(node).every((name) => !this.isValueName(name))
    }
    return false
  }

  isValueName(name: ts.ModuleExportName): boolean {
    const parent = name.parent
    if ((ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) && parent.isTypeOnly) return false
    const symbol = this.checker.getSymbolAtLocation(name)
    if (!symbol) return true
    return (this.target(symbol).flags & ts.SymbolFlags.Value) !== 0
  }

  /**
   * How a name reaches Prisma ("Tx = Prisma.TransactionClient"), or undefined: declared by Prisma's
   * generated client or a Prisma package, or a type alias, interface or annotated constant declared
   * in terms of one. A function's signature is not followed: db/ functions take the transaction.
   */
  reachesPrisma(symbol: ts.Symbol): string | undefined {
    const declared = this.target(symbol)
    if (this.prismaReach.has(declared)) return this.prismaReach.get(declared)
    this.prismaReach.set(declared, undefined) // a recursive type stops here
    const reach = this.findPrismaReach(declared)
    this.prismaReach.set(declared, reach)
    return reach
  }

  private findPrismaReach(symbol: ts.Symbol): string | undefined {
    const declarations = symbol.declarations ?? []
    if (declarations.some((d) => isPrismaFile(d.getSourceFile().fileName))) return `Prisma's ${symbol.name}`
    for (const declaration of declarations) {
      const file = declaration.getSourceFile().fileName
      if (file.includes(`${sep}node_modules${sep}`) || file.includes('/node_modules/')) continue
      const parts: ts.Node[] = []
      if (ts.isTypeAliasDeclaration(declaration)) parts.push(declaration.type)
      if (ts.isInterfaceDeclaration(declaration)) parts.push(...(declaration.heritageClauses ?? []), ...declaration.members)
      if (ts.isVariableDeclaration(declaration) && declaration.type) parts.push(declaration.type)
      for (const part of parts) {
        const reach = this.prismaReachIn(part)
        if (reach) return `${symbol.name} → ${reach}`
      }
    }
    return undefined
  }

  /**
   * The Prisma type a function of db/ returns (a row, a selection, a client), declared or inferred,
   * or undefined: a domain file that calls it holds Prisma's row even if it never names it.
   */
  returnsPrisma(symbol: ts.Symbol): string | undefined {
    const declared = this.target(symbol)
    if (!declared.valueDeclaration) return undefined
    const type = this.checker.getTypeOfSymbolAtLocation(declared, declared.valueDeclaration)
    for (const signature of type.getCallSignatures()) {
      const found = this.prismaTypeIn(signature.getReturnType(), new Set())
      if (found) return found
    }
    return undefined
  }

  /**
   * How a type reaches Prisma: it is, or is declared in terms of, a Prisma type, or holds one as a
   * promise's or array's element, a union's or intersection's member, or an alias's argument (Omit<Row, …>).
   */
  private prismaTypeIn(type: ts.Type, seen: Set<ts.Type>): string | undefined {
    if (seen.has(type)) return undefined
    seen.add(type)
    for (const symbol of [type.aliasSymbol, type.getSymbol()]) {
      const reach = symbol && this.reachesPrisma(symbol)
      // an inferred query result is an anonymous type of Prisma's runtime
      if (reach) return symbol.name.startsWith('__') ? "a Prisma query's result" : reach
    }
    const parts = [...(type.aliasTypeArguments ?? [])]
    if (type.isUnionOrIntersection()) parts.push(...type.types)
    if (this.checker.isArrayType(type) || type.getSymbol()?.name === 'Promise') parts.push(...this.checker.getTypeArguments(type as ts.TypeReference))
    for (const part of parts) {
      const found = this.prismaTypeIn(part, seen)
      if (found) return found
    }
    return undefined
  }

  /** The first Prisma name a type (or a part of a declaration) refers to. */
  prismaReachIn(node: ts.Node): string | undefined {
    let reach: string | undefined
    const visit = (n: ts.Node): void => {
      if (reach) return
      const name = referencedName(n)
      const symbol = name && this.checker.getSymbolAtLocation(name)
      if (symbol) reach = this.reachesPrisma(symbol)
      if (!reach) ts.forEachChild(n, visit)
    }
    visit(node)
    return reach
  }

  check(): Violation[] {
    const edges: Imports = new Map()
    for (const rootName of this.program.getRootFileNames()) {
      const sf = this.program.getSourceFile(rootName)
      const file = resolve(rootName)
      const unit = this.unitOf(file)
      if (!sf || !unit) continue
      edges.set(file, this.checkImports(sf, unit))
      if (this.layerOf(file) === 'domain') this.checkDomainBody(sf)
    }
    this.checkCycles(edges)
    return [...this.found.values()].sort((a, b) => a.file.localeCompare(b.file) || a.rule.localeCompare(b.rule) || a.what.localeCompare(b.what))
  }

  private checkImports(sf: ts.SourceFile, unit: Unit): string[] {
    const file = resolve(sf.fileName)
    const layer = this.layerOf(file)
    const edges: string[] = []
    for (const { literal, node, resolved } of this.importsOf(sf)) {
      const specifier = literal.text
      const otherUnit =
        (resolved && this.unitOf(resolved)?.name !== unit.name ? this.unitOf(resolved) : undefined) ??
        this.units.find((u) => u.name !== unit.name && (specifier === u.packageName || specifier.startsWith(`${u.packageName}/`)))
      if (otherUnit) this.report(file, 'cross-service', `imports ${otherUnit.name}'s code: ${specifier}`)
      const toLayer = resolved ? this.layerOf(resolved) : 'other'
      if (layer === 'domain') this.checkDomainImport(file, unit, node, specifier, resolved, toLayer)
      if (!resolved || this.unitOf(resolved) !== unit || isPrismaFile(resolved)) continue
      if (layer === 'db' && toLayer === 'domain' && !this.isTypeOnly(node)) {
        const values = this.importedNames(node).filter((n) => this.isValueName(n)).map((n) => n.text)
        this.report(file, 'db-imports-domain', `imports ${values.join(', ') || 'values'} from ${specifier}`)
      }
      edges.push(resolved)
    }
    return edges
  }

  private checkDomainImport(file: string, unit: Unit, node: ts.Node, specifier: string, resolved: string | undefined, toLayer: Layer): void {
    if (FORBIDDEN_IN_DOMAIN.some((pattern) => pattern.test(specifier))) this.report(file, 'domain-imports', `imports ${specifier}`)
    if (toLayer === 'rpc' && this.unitOf(resolved!) === unit) this.report(file, 'domain-imports', `imports rpc/: ${specifier}`)
    if ((toLayer === 'providers' || toLayer === 'clients') && !this.isTypeOnly(node)) {
      const values = this.importedNames(node).filter((n) => this.isValueName(n)).map((n) => n.text)
      this.report(file, 'domain-adapters', `imports ${values.join(', ') || 'values'} from ${toLayer}/: ${specifier}`)
    }
    if (PRISMA_SPECIFIER.test(specifier) || (resolved && isPrismaFile(resolved))) {
      this.report(file, 'domain-prisma', `imports Prisma: ${specifier}`)
      return
    }
    if (resolved && toLayer === 'domain') return // a domain file's own Prisma names are reported at its own imports
    for (const name of this.importedNames(node)) {
      const symbol = this.checker.getSymbolAtLocation(name)
      const reach = symbol && this.reachesPrisma(symbol)
      if (reach) this.report(file, 'domain-prisma', `imports ${name.text} from ${specifier}: ${reach}`)
      const returned = !reach && symbol && toLayer === 'db' ? this.returnsPrisma(symbol) : undefined
      if (returned) this.report(file, 'domain-prisma', `imports ${name.text} from ${specifier}: returns ${returned}`)
    }
    if (ts.isImportTypeNode(node) && resolved && toLayer !== 'domain') {
      const reach = this.prismaReachIn(node)
      if (reach) this.report(file, 'domain-prisma', `names ${node.getText()}: ${reach}`)
    }
  }

  /**
   * No call in domain/ reaches a Prisma client method (a model query, `$queryRaw`, `$transaction`…),
   * and no type named through a namespace (`db.Row` of `import * as db`) is Prisma's.
   */
  private checkDomainBody(sf: ts.SourceFile): void {
    const file = resolve(sf.fileName)
    const visit = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node) && ts.isQualifiedName(node.typeName)) {
        const symbol = this.checker.getSymbolAtLocation(node.typeName)
        const reach = symbol && this.layerOf(resolve(this.target(symbol).declarations?.[0]?.getSourceFile().fileName ?? '')) !== 'domain' && this.reachesPrisma(symbol)
        if (reach) this.report(file, 'domain-prisma', `names ${node.typeName.getText(sf)}: ${reach}`)
      }
      const callee = ts.isCallExpression(node) ? node.expression : ts.isTaggedTemplateExpression(node) ? node.tag : undefined
      if (callee && ts.isPropertyAccessExpression(callee)) {
        const symbol = this.checker.getSymbolAtLocation(callee.name)
        const declaredByPrisma = symbol?.declarations?.some((d) => isPrismaFile(d.getSourceFile().fileName)) ?? false
        if (declaredByPrisma || RAW_PRISMA_CALLS.has(callee.name.text)) {
          this.report(file, 'domain-queries', `runs a Prisma query: ${callee.getText(sf)}`)
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }

  /** Import cycles among a unit's files, type-only imports included (Tarjan's strongly connected components). */
  private checkCycles(edges: Imports): void {
    for (const component of stronglyConnected(edges)) {
      const start = component.sort()[0]!
      const loop = [...shortestLoop(start, new Set(component), edges), start].map((f) => relative(this.root, f).split(sep).join('/'))
      this.report(start, 'cycle', `import cycle: ${loop.join(' → ')}`)
    }
  }
}

function referencedName(node: ts.Node): ts.Node | undefined {
  if (ts.isTypeReferenceNode(node)) return node.typeName
  if (ts.isExpressionWithTypeArguments(node)) return node.expression
  if (ts.isTypeQueryNode(node)) return node.exprName
  if (ts.isImportTypeNode(node)) return node.qualifier
  return undefined
}

/** Every violation of the layering rules under `root` (a repository, or a test's fixture tree). */
export function findViolations(root: string): Violation[] {
  const absolute = resolve(root)
  return new Layering(absolute, unitsOf(absolute)).check()
}
