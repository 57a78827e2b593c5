/** The reference's CryptoNetwork values, and Lightning, which withdrawals also name. */
export const CRYPTO_NETWORKS = ['BITCOIN', 'ETHEREUM', 'SOLANA', 'BASE', 'POLYGON', 'TRON', 'PLASMA', 'SPARK', 'LIGHTNING'] as const
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number]

const BASE58 = '1-9A-HJ-NP-Za-km-z'
const BECH32 = '02-9ac-hj-np-z'
const EVM = /^0x[0-9a-fA-F]{40}$/

/**
 * The shape of a destination on each network (prefix, alphabet, length). A shape check is
 * enough to price a withdrawal; checksums are verified when the withdrawal's account is created.
 */
const ADDRESS_SHAPES: Record<CryptoNetwork, RegExp[]> = {
  BITCOIN: [new RegExp(`^(bc|tb|bcrt)1[${BECH32}]{8,87}$`), new RegExp(`^[13mn2][${BASE58}]{25,34}$`)],
  ETHEREUM: [EVM],
  BASE: [EVM],
  POLYGON: [EVM],
  PLASMA: [EVM],
  SOLANA: [new RegExp(`^[${BASE58}]{32,44}$`)],
  TRON: [new RegExp(`^T[${BASE58}]{33}$`)],
  SPARK: [new RegExp(`^(spark|sparkt|sparkrt|sparks|sparkl|sp|spt|sprt|sps|spl)1[${BECH32}]{20,}$`)],
  // a BOLT 11 invoice or a Lightning address (LUD-16)
  LIGHTNING: [new RegExp(`^ln(bc|tb|tbs|bcrt|sb)[0-9a-z]*1[${BECH32}]{100,}$`), /^[a-z0-9._-]+@(?:[a-z0-9-]+\.)+[a-z]{2,}$/],
}

export const isCryptoNetwork = (value: string): value is CryptoNetwork => (CRYPTO_NETWORKS as readonly string[]).includes(value)

export const hasAddressShape = (network: CryptoNetwork, address: string): boolean => ADDRESS_SHAPES[network].some((shape) => shape.test(address))
