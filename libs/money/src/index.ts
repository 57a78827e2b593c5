export { addMoney, amountToJson, convertAmount, convertAmountDown, parseAmount, sourceAmountFor, type Money } from './amount.js'
export { divideDecimals, formatDecimal, parseDecimal } from './decimal.js'
export { findCurrency, isCryptoCurrency, isSupportedCurrency, supportedCurrencyCodes, type Currency } from './currencies.js'
