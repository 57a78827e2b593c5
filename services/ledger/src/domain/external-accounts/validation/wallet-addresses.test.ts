import { describe, expect, it } from 'vitest'
import { bolt11InvoiceProblem, bolt12OfferProblem, lightningAddressProblem } from './lightning.js'
import { solanaAddressProblem } from './solana-address.js'
import { sparkAddressProblem, sparkIdentityKey } from './spark-address.js'
import { tronAddressProblem } from './tron-address.js'

const SPARK = 'spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6d2far8e'
/** The same key on regtest in the short prefix form. */
const SPARK_REGTEST = 'sprt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu'
// BOLT 11 test vector "Please make a donation of any amount using payment_hash ..."
const INVOICE =
  'lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql'

describe('Spark addresses', () => {
  it('accepts a bech32m address carrying an identity key', () => {
    expect(sparkAddressProblem(SPARK)).toBeUndefined()
    expect(sparkAddressProblem(SPARK_REGTEST)).toBeUndefined()
    expect(sparkIdentityKey(SPARK)?.length).toBe(33)
  })

  it.each([
    [SPARK.slice(0, -1) + 'q', /checksum/],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', /checksum|bech32m/],
    ['spark1', /checksum/],
    ['spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu', /checksum/],
    ['0xAbCDEF1234567890aBCdEf1234567890ABcDef12', /bech32m/],
  ])('rejects %s', (address, reason) => {
    expect(sparkAddressProblem(address)).toMatch(reason)
  })
})

describe('Solana addresses', () => {
  it.each(['4Nd1m6Qkq7RfKuE5vQ9qP9Tn6H94Ueqb4xXHzsAbd8Wg', '11111111111111111111111111111111', 'So11111111111111111111111111111111111111112'])(
    'accepts %s',
    (address) => expect(solanaAddressProblem(address)).toBeUndefined(),
  )

  it.each(['4Nd1m6Qkq7RfKuE5vQ9qP9Tn6H94Ueqb4xXHzsAbd8W0', 'short', '1111111111111111111111111111111111111111111'])('rejects %s', (address) => {
    expect(solanaAddressProblem(address)).toBeDefined()
  })
})

describe('Tron addresses', () => {
  it('accepts a Base58Check address of prefix 0x41', () => {
    expect(tronAddressProblem('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBeUndefined()
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeUndefined()
  })

  it('rejects a bad checksum and other shapes', () => {
    expect(tronAddressProblem('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM')).toMatch(/checksum/)
    expect(tronAddressProblem('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toMatch(/T followed/)
  })
})

describe('Lightning destinations', () => {
  it('accepts a BOLT 11 invoice and rejects a tampered one', () => {
    expect(bolt11InvoiceProblem(INVOICE)).toBeUndefined()
    expect(bolt11InvoiceProblem(INVOICE.replace('lnbc1p', 'lnbc1q'))).toMatch(/checksum/)
    expect(bolt11InvoiceProblem('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatch(/lnbc/)
  })

  it('accepts a BOLT 12 offer, also split with +', () => {
    const offer = 'lno1pg257enxv4ezqcneype82um50ynhxgrwdajx283qfwdpl28qqmc78ymlvhmxcsywdk5wrjnj36jryg488qwlrnzyjczs'
    expect(bolt12OfferProblem(offer)).toBeUndefined()
    expect(bolt12OfferProblem(`${offer.slice(0, 40)}+ ${offer.slice(40)}`)).toBeUndefined()
    expect(bolt12OfferProblem(INVOICE)).toMatch(/lno1/)
  })

  it('accepts a LUD-16 address', () => {
    expect(lightningAddressProblem('john.doe@lightningwallet.com')).toBeUndefined()
    expect(lightningAddressProblem('John@wallet.com')).toBeDefined()
    expect(lightningAddressProblem('john@localhost')).toBeDefined()
  })
})
