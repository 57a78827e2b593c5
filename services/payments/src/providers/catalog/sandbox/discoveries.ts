import type { Discovery } from '../../../domain/catalog/types.js'

const corridor = (country: string, currency: string, banks: [bankName: string, displayName: string][]): Discovery[] =>
  banks.map(([bankName, displayName]) => ({ bankName, displayName, country, currency }))

/** The receiving institutions the sandbox pays out to, by corridor. */
export const SANDBOX_DISCOVERIES: readonly Discovery[] = [
  ...corridor('BR', 'BRL', [['Banco do Brasil', 'Banco do Brasil'], ['Itau Unibanco', 'Itaú Unibanco'], ['Nubank', 'Nubank']]),
  ...corridor('CO', 'COP', [['Bancolombia', 'Bancolombia'], ['Davivienda', 'Banco Davivienda'], ['Nequi', 'Nequi']]),
  ...corridor('DE', 'EUR', [['Deutsche Bank', 'Deutsche Bank'], ['Commerzbank', 'Commerzbank']]),
  ...corridor('ES', 'EUR', [['Banco Santander', 'Banco Santander'], ['BBVA', 'Banco Bilbao Vizcaya Argentaria']]),
  ...corridor('FR', 'EUR', [['BNP Paribas', 'BNP Paribas'], ['Societe Generale', 'Société Générale']]),
  ...corridor('GB', 'GBP', [['Barclays', 'Barclays Bank'], ['HSBC UK', 'HSBC UK Bank'], ['Monzo', 'Monzo Bank']]),
  ...corridor('IN', 'INR', [['HDFC Bank', 'HDFC Bank'], ['ICICI Bank', 'ICICI Bank'], ['State Bank of India', 'State Bank of India']]),
  ...corridor('KE', 'KES', [['M-Pesa', 'Safaricom M-Pesa'], ['Equity Bank', 'Equity Bank Kenya'], ['KCB', 'Kenya Commercial Bank']]),
  ...corridor('MX', 'MXN', [['BBVA Mexico', 'BBVA México'], ['Banorte', 'Banco Mercantil del Norte'], ['Santander Mexico', 'Santander México']]),
  ...corridor('NG', 'NGN', [['Access Bank', 'Access Bank'], ['GTBank', 'Guaranty Trust Bank'], ['Zenith Bank', 'Zenith Bank']]),
  ...corridor('PH', 'PHP', [['BDO Unibank', 'BDO Unibank'], ['BPI', 'Bank of the Philippine Islands'], ['GCash', 'GCash']]),
  ...corridor('US', 'USD', [['Bank of America', 'Bank of America'], ['Chase', 'JPMorgan Chase Bank'], ['Wells Fargo', 'Wells Fargo Bank']]),
]
