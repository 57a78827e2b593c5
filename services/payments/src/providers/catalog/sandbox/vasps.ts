import type { Vasp } from '../../../domain/catalog/types.js'

/** Exchanges and custodians a sandbox counterparty declaration may name. */
export const SANDBOX_VASPS: readonly Vasp[] = [
  { vaspName: 'Binance', url: 'https://www.binance.com' },
  { vaspName: 'Bitso', url: 'https://bitso.com' },
  { vaspName: 'Bitstamp', url: 'https://www.bitstamp.net' },
  { vaspName: 'Coinbase', url: 'https://www.coinbase.com' },
  { vaspName: 'Crypto.com', url: 'https://crypto.com' },
  { vaspName: 'Gemini', url: 'https://www.gemini.com' },
  { vaspName: 'Kraken', url: 'https://www.kraken.com' },
  { vaspName: 'Mercado Bitcoin', url: 'https://www.mercadobitcoin.com.br' },
  { vaspName: 'OKX', url: 'https://www.okx.com' },
  { vaspName: 'Sandbox Custody' },
]
