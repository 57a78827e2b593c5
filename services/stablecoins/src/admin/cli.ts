/**
 * The operator's command: `pnpm --filter @pp/stablecoins admin set-operations-status <stablecoinId> <ENABLING|ENABLED|DISABLED>`.
 * It calls the stablecoins service's operator gRPC service at STABLECOINS_GRPC_ADDRESS
 * (default 127.0.0.1:50058) and prints the stablecoin as it now is.
 */
import { callUnary, createGrpcClient } from '@pp/grpc'
import { StablecoinsOperatorServiceClient } from '@pp/proto/stablecoins/v1/operator'

const USAGE = 'usage: admin set-operations-status <stablecoinId> <ENABLING|ENABLED|DISABLED>'

export async function runAdminCommand(args: string[], address: string): Promise<string> {
  const [command, stablecoinId, status] = args
  if (command !== 'set-operations-status' || !stablecoinId || !status) throw new Error(USAGE)
  const client = createGrpcClient(StablecoinsOperatorServiceClient, address)
  try {
    const { stablecoinJson } = await callUnary(client, client.setServiceOperationsStatus, { stablecoinId, status }, { requestId: 'stablecoins-admin' })
    return stablecoinJson
  } finally {
    client.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCommand(process.argv.slice(2), process.env.STABLECOINS_GRPC_ADDRESS ?? '127.0.0.1:50058').then(
    (json) => console.log(json),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err))
      process.exit(1)
    },
  )
}
