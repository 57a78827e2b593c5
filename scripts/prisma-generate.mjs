// Generates a service's Prisma client from the current folder's prisma/schema.prisma, or from the
// folder prisma/schema/ when the schema is split into one file per area.
// Generation does not run the schema engine, but the CLI insists on locating one and would try to
// download it (these machines cannot), so it is pointed at an existing file instead.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const cli = join(createRequire(join(process.cwd(), 'package.json')).resolve('prisma/package.json'), '..', 'build/index.js')
const schema = existsSync('prisma/schema') ? 'prisma/schema' : 'prisma/schema.prisma'
execFileSync(process.execPath, [cli, 'generate', '--schema', schema], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
})
