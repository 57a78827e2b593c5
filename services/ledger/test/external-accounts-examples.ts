import type { AccountType } from '../src/domain/external-accounts/account-types.js'
import type { AccountInfoInput, BeneficiaryInput } from '../src/domain/external-accounts/types.js'

export interface AccountExample {
  currency: string
  accountInfo: AccountInfoInput
}

export const PERSON: BeneficiaryInput = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' }
const ADDRESS = { line1: '1 Main Street', postalCode: '10001', country: 'US' }

const bankAccount = (currency: string, accountType: string, fields: Partial<AccountInfoInput>, beneficiary = PERSON): AccountExample => ({
  currency,
  accountInfo: { accountType, ...fields, beneficiary },
})
const walletAccount = (currency: string, accountType: string, address: string): AccountExample => ({
  currency,
  accountInfo: { accountType, address },
})

/** A valid create request's currency and accountInfo for every account type. */
export const ACCOUNT_EXAMPLES: Record<AccountType, AccountExample> = {
  AED_ACCOUNT: bankAccount('AED', 'AED_ACCOUNT', { iban: 'AE070331234567890123456' }, { ...PERSON, address: { ...ADDRESS, country: 'AE' } }),
  BDT_ACCOUNT: bankAccount('BDT', 'BDT_ACCOUNT', { accountNumber: '1234567890', bankName: 'Sonali Bank', branchCode: '12345' }),
  BRL_ACCOUNT: bankAccount('BRL', 'BRL_ACCOUNT', { pixKey: 'maria.silva@example.com', pixKeyType: 'EMAIL', taxId: '52998224725' }),
  BWP_ACCOUNT: bankAccount('BWP', 'BWP_ACCOUNT', { phoneNumber: '+26771234567', provider: 'Orange' }),
  CAD_ACCOUNT: bankAccount('CAD', 'CAD_ACCOUNT', { bankCode: '001', branchCode: '00011', accountNumber: '1234567' }),
  CNY_ACCOUNT: bankAccount('CNY', 'CNY_ACCOUNT', { phoneNumber: '+8613812345678', bankName: 'Alipay' }),
  COP_ACCOUNT: bankAccount('COP', 'COP_ACCOUNT', { accountNumber: '1234567890', bankAccountType: 'SAVINGS', bankName: 'Bancolombia' }),
  DKK_ACCOUNT: bankAccount('DKK', 'DKK_ACCOUNT', { iban: 'DK5000400440116243' }),
  EGP_ACCOUNT: bankAccount('EGP', 'EGP_ACCOUNT', { iban: 'EG380019000500000000263180002', bankName: 'Banque Misr' }),
  EUR_ACCOUNT: bankAccount('EUR', 'EUR_ACCOUNT', { iban: 'DE89370400440532013000' }, { ...PERSON, countryOfResidence: 'DE' }),
  GBP_ACCOUNT: bankAccount('GBP', 'GBP_ACCOUNT', { sortCode: '601613', accountNumber: '31926819' }),
  GHS_ACCOUNT: bankAccount('GHS', 'GHS_ACCOUNT', { phoneNumber: '+233241234567', bankName: 'MTN Mobile Money' }),
  GTQ_ACCOUNT: bankAccount(
    'GTQ',
    'GTQ_ACCOUNT',
    { accountNumber: '0123456789', bankAccountType: 'CHECKING', bankName: 'Banco Industrial' },
    { ...PERSON, countryOfResidence: 'GT', phoneNumber: '+50212345678' },
  ),
  HKD_ACCOUNT: bankAccount('HKD', 'HKD_ACCOUNT', { bankName: 'HSBC', accountNumber: '123456789001', swiftCode: 'HSBCHKHHHKH' }),
  HTG_ACCOUNT: bankAccount('HTG', 'HTG_ACCOUNT', { phoneNumber: '+50934567890' }),
  IDR_ACCOUNT: bankAccount('IDR', 'IDR_ACCOUNT', {
    bankName: 'Bank Central Asia',
    accountNumber: '1234567890',
    swiftCode: 'CENAIDJA',
    phoneNumber: '+62812345678',
  }),
  INR_ACCOUNT: bankAccount('INR', 'INR_ACCOUNT', { vpa: 'priya@okaxis' }),
  JMD_ACCOUNT: bankAccount(
    'JMD',
    'JMD_ACCOUNT',
    { accountNumber: '123456789', branchCode: '12345', bankAccountType: 'SAVINGS', bankName: 'NCB' },
    { ...PERSON, phoneNumber: '+18765551234', address: { ...ADDRESS, country: 'JM' } },
  ),
  KES_ACCOUNT: bankAccount('KES', 'KES_ACCOUNT', { phoneNumber: '+254712345678', provider: 'M-PESA' }),
  MWK_ACCOUNT: bankAccount('MWK', 'MWK_ACCOUNT', { phoneNumber: '+265991234567', provider: 'Airtel' }),
  MXN_ACCOUNT: bankAccount('MXN', 'MXN_ACCOUNT', { clabeNumber: '032180000118359719' }),
  MYR_ACCOUNT: bankAccount('MYR', 'MYR_ACCOUNT', { bankName: 'Maybank', accountNumber: '114012345678', swiftCode: 'MBBEMYKL' }),
  NGN_ACCOUNT: bankAccount('NGN', 'NGN_ACCOUNT', { accountNumber: '0123456789', bankName: 'GTBank' }),
  PHP_ACCOUNT: bankAccount('PHP', 'PHP_ACCOUNT', { bankName: 'BDO', accountNumber: '001234567890' }),
  PKR_ACCOUNT: bankAccount('PKR', 'PKR_ACCOUNT', { iban: 'PK36SCBL0000001123456702', bankName: 'Standard Chartered' }),
  RWF_ACCOUNT: bankAccount('RWF', 'RWF_ACCOUNT', { phoneNumber: '+250781234567', provider: 'MTN' }),
  SGD_ACCOUNT: bankAccount('SGD', 'SGD_ACCOUNT', { accountNumber: '0123456789', swiftCode: 'DBSSSGSG' }),
  SLV_ACCOUNT: bankAccount('USD', 'SLV_ACCOUNT', { phoneNumber: '+50371234567' }),
  THB_ACCOUNT: bankAccount('THB', 'THB_ACCOUNT', { bankName: 'Bangkok Bank', accountNumber: '1234567890', swiftCode: 'BKKBTHBK' }),
  TZS_ACCOUNT: bankAccount('TZS', 'TZS_ACCOUNT', { phoneNumber: '+255712345678', provider: 'Vodacom' }),
  UGX_ACCOUNT: bankAccount('UGX', 'UGX_ACCOUNT', { phoneNumber: '+256772123456', provider: 'MTN' }),
  USD_ACCOUNT: bankAccount('USD', 'USD_ACCOUNT', { accountNumber: '123456789012', routingNumber: '021000021', bankAccountType: 'CHECKING' }),
  VND_ACCOUNT: bankAccount('VND', 'VND_ACCOUNT', { bankName: 'Vietcombank', accountNumber: '0011001234567', swiftCode: 'BFTVVNVX' }),
  XAF_ACCOUNT: bankAccount('XAF', 'XAF_ACCOUNT', { phoneNumber: '+237671234567', provider: 'MTN', region: 'CM' }),
  XOF_ACCOUNT: bankAccount('XOF', 'XOF_ACCOUNT', { phoneNumber: '+221771234567', provider: 'Orange', region: 'SN' }),
  ZAR_ACCOUNT: bankAccount('ZAR', 'ZAR_ACCOUNT', { accountNumber: '62001234567', bankName: 'FNB' }),
  ZMW_ACCOUNT: bankAccount('ZMW', 'ZMW_ACCOUNT', { phoneNumber: '+260971234567', provider: 'MTN' }),
  SWIFT_ACCOUNT: bankAccount('USD', 'SWIFT_ACCOUNT', { country: 'NG', swiftCode: 'DEUTDEFF', bankName: 'Deutsche Bank', accountNumber: '1234567890' }),
  BASE_WALLET: walletAccount('USDC', 'BASE_WALLET', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
  ETHEREUM_WALLET: walletAccount('USDC', 'ETHEREUM_WALLET', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'),
  LIGHTNING: { currency: 'BTC', accountInfo: { accountType: 'LIGHTNING', lightningAddress: 'john.doe@lightningwallet.com' } },
  POLYGON_WALLET: walletAccount('USDC', 'POLYGON_WALLET', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'),
  PLASMA_WALLET: walletAccount('USDT', 'PLASMA_WALLET', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'),
  SOLANA_WALLET: walletAccount('USDC', 'SOLANA_WALLET', '4Nd1m6Qkq7RfKuE5vQ9qP9Tn6H94Ueqb4xXHzsAbd8Wg'),
  SPARK_WALLET: walletAccount('BTC', 'SPARK_WALLET', 'spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6d2far8e'),
  TRON_WALLET: walletAccount('USDT', 'TRON_WALLET', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'),
  US_ACCOUNT: bankAccount('USD', 'US_ACCOUNT', { accountNumber: '987654321098', routingNumber: '011000015', accountCategory: 'CHECKING', bankName: 'Chase' }),
  CLABE: bankAccount('MXN', 'CLABE', { clabeNumber: '002010077777777771' }),
  PIX: bankAccount('BRL', 'PIX', { pixKey: '52998224725', pixKeyType: 'CPF', taxId: '52998224725' }),
}
