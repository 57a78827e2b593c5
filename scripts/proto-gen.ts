/**
 * Generates the TypeScript gRPC code of proto/ into libs/proto/src/gen with buf and ts-proto.
 * With --check it generates into a temporary folder and fails when the committed code differs,
 * so a proto change that was not regenerated cannot land.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const committed = join(root, 'libs/proto/src/gen')
const isCheck = process.argv.includes('--check')

const out = mkdtempSync(join(tmpdir(), 'proto-gen-'))
try {
  execFileSync(
    join(root, 'node_modules/.bin/buf'),
    ['generate', 'proto', '--template', 'proto/buf.gen.yaml', '-o', out],
    { cwd: root, stdio: 'inherit' },
  )
  const fresh = join(out, 'gen')
  if (isCheck) {
    const stale = differingFiles(fresh, committed)
    if (stale.length > 0) {
      console.error(`generated proto code is stale; run pnpm proto:gen\n  ${stale.join('\n  ')}`)
      process.exit(1)
    }
    console.log('generated proto code is up to date')
  } else {
    rmSync(committed, { recursive: true, force: true })
    cpSync(fresh, committed, { recursive: true })
    console.log(`generated ${listFiles(committed).length} files into ${relative(root, committed)}`)
  }
} finally {
  rmSync(out, { recursive: true, force: true })
}

function listFiles(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? listFiles(path).map((f) => join(name, f)) : [name]
  })
}

function differingFiles(a: string, b: string): string[] {
  const names = new Set([...listFiles(a), ...listFiles(b)])
  return [...names].filter((name) => {
    try {
      return !readFileSync(join(a, name)).equals(readFileSync(join(b, name)))
    } catch {
      return true
    }
  })
}
