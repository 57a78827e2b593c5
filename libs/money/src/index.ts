export { addMoney, amountToJson, convertAmount, parseAmount, type Money } from './amount.js'
export { findCurrency, isCryptoCurrency, isSupportedCurrency, supportedCurrencyCodes, type Currency } from './currencies.js'
