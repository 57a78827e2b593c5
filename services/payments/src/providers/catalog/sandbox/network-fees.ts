import type { NetworkFee } from '../../../domain/catalog/types.js'

type FeeRow = [network: string, asset: string, networkFee: bigint, networkFeeAsset: string, networkFeeInAsset: bigint]

/**
 * The sandbox's fixed on-chain cost of one withdrawal, per network and withdrawn asset: the fee
 * in the network's own asset (what the chain charges) and its value in the withdrawn asset (what
 * the customer pays), as a gas oracle quoting in tokens would answer. Lightning and Spark
 * transfers settle off-chain for a routing fee paid in the asset itself.
 */
const ROWS: FeeRow[] = [
  ['BITCOIN', 'BTC', 1_500n, 'BTC', 1_500n],
  ['LIGHTNING', 'BTC', 10n, 'BTC', 10n],
  ['SPARK', 'BTC', 0n, 'BTC', 0n],
  ['SPARK', 'USDB', 0n, 'BTC', 0n],
  ['ETHEREUM', 'USDC', 1_300_000_000_000_000n, 'ETH', 3_900_000n],
  ['ETHEREUM', 'USDT', 1_300_000_000_000_000n, 'ETH', 3_900_000n],
  ['BASE', 'USDC', 2_000_000_000_000n, 'ETH', 6_000n],
  ['POLYGON', 'USDC', 3_000_000_000_000_000n, 'POL', 1_500n],
  ['POLYGON', 'USDT', 3_000_000_000_000_000n, 'POL', 1_500n],
  ['SOLANA', 'USDC', 5_000n, 'SOL', 750n],
  ['SOLANA', 'USDT', 5_000n, 'SOL', 750n],
  ['TRON', 'USDT', 13_400_000n, 'TRX', 3_200_000n],
  ['PLASMA', 'USDT', 0n, 'XPL', 0n],
]

const byRoute = new Map<string, NetworkFee>(
  ROWS.map(([network, asset, networkFee, networkFeeAsset, networkFeeInAsset]) => [
    `${network}/${asset}`,
    // the sandbox service charges no application fee on withdrawals
    { networkFee, networkFeeAsset, networkFeeInAsset, applicationFee: 0n },
  ]),
)

export const sandboxNetworkFee = (network: string, asset: string): NetworkFee | undefined => byRoute.get(`${network}/${asset}`)
