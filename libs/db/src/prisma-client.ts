import { PrismaPg } from '@prisma/adapter-pg'

export interface PrismaClientOptions {
  adapter: PrismaPg
}

/** Builds a service's generated Prisma client on the pg driver adapter (no query engine binary). */
export function createPrismaClient<C>(Ctor: new (options: PrismaClientOptions) => C, url: string, poolMax = 10): C {
  return new Ctor({ adapter: new PrismaPg({ connectionString: url, max: poolMax }) })
}
