// Generates a service's Prisma client from prisma/schema.prisma in the current folder.
// Generation does not run the schema engine, but the CLI insists on locating one and would try to
// download it (these machines cannot), so it is pointed at an existing file instead.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const cli = join(createRequire(join(process.cwd(), 'package.json')).resolve('prisma/package.json'), '..', 'build/index.js')
execFileSync(process.execPath, [cli, 'generate', '--schema', 'prisma/schema.prisma'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
})
