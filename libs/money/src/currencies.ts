/** Currency facts the API exposes as the Currency object: code, symbol and decimals. */
export interface Currency {
  code: string
  name: string
  symbol: string
  decimals: number
}

const list: Currency[] = [
  { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  { code: 'GBP', name: 'Pound Sterling', symbol: '£', decimals: 2 },
  { code: 'MXN', name: 'Mexican Peso', symbol: '$', decimals: 2 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', decimals: 2 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: '$', decimals: 2 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', decimals: 2 },
  { code: 'PHP', name: 'Philippine Peso', symbol: '₱', decimals: 2 },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', decimals: 2 },
  { code: 'KES', name: 'Kenyan Shilling', symbol: 'KSh', decimals: 2 },
  { code: 'COP', name: 'Colombian Peso', symbol: '$', decimals: 2 },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimals: 0 },
  { code: 'BTC', name: 'Bitcoin', symbol: '₿', decimals: 8 },
  { code: 'USDB', name: 'USDB', symbol: 'USDB', decimals: 6 },
  { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  { code: 'USDT', name: 'Tether', symbol: 'USDT', decimals: 6 },
]

const byCode = new Map(list.map((c) => [c.code, c]))

export const findCurrency = (code: string): Currency | undefined => byCode.get(code)
export const isSupportedCurrency = (code: string): boolean => byCode.has(code)
export const supportedCurrencyCodes = (): string[] => list.map((c) => c.code)
export const isCryptoCurrency = (code: string): boolean => ['BTC', 'USDB', 'USDC', 'USDT'].includes(code)
