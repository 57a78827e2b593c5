import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GERMANY_SEPA_CATALOG, SEPA_SETTINGS } from '../../../test/catalog-files.js'
import { loadPaymentsConfig } from '../../config.js'
import { offersCorridor, parseCatalogFile } from './catalog-file.js'
import { configuredCatalog } from './configured-catalog.js'

const folder = mkdtempSync(join(tmpdir(), 'catalog-file-'))
const BASE = { DATABASE_URL: 'postgresql://payments@127.0.0.1:5432/payments' }

describe('the production catalogue file', () => {
  it('reads YAML, and JSON alike', () => {
    const file = parseCatalogFile(GERMANY_SEPA_CATALOG)
    expect(file.corridors[0]).toMatchObject({ country: 'DE', currency: 'EUR', sourceCurrencies: ['USD', 'EUR'], paymentRails: ['SEPA'] })
    expect(parseCatalogFile(JSON.stringify(file))).toEqual(file)
  })

  it('refuses a file that is not a version 1 catalogue, naming where', () => {
    expect(() => parseCatalogFile('corridors: [')).toThrow(/not YAML or JSON/)
    expect(() => parseCatalogFile(GERMANY_SEPA_CATALOG.replace('version: 1', 'version: 2'))).toThrow(/version: expected version: 1/)
    expect(() => parseCatalogFile(GERMANY_SEPA_CATALOG.replace('version: 1\n', ''))).toThrow(/^version: /)
    expect(() => parseCatalogFile(GERMANY_SEPA_CATALOG.replace('currency: EUR', 'currency: XXX'))).toThrow(/corridors\.0\.currency: XXX is not a currency the service offers/)
    expect(() => parseCatalogFile(GERMANY_SEPA_CATALOG.replace('country: DE', 'country: Germany'))).toThrow(/corridors\.0\.country: expected an ISO 3166/)
    expect(() => parseCatalogFile(GERMANY_SEPA_CATALOG.replace('    paymentRails', '    fees: 3\n    paymentRails'))).toThrow(/corridors\.0: .*fees/)
    expect(() => parseCatalogFile('version: 1\ncorridors: []')).toThrow(/corridors: /)
  })

  it('is read when the configuration loads: a missing or invalid file stops the service, naming it', () => {
    const good = join(folder, 'catalog.yaml')
    writeFileSync(good, GERMANY_SEPA_CATALOG)
    expect(loadPaymentsConfig({ ...BASE, ...SEPA_SETTINGS, CATALOG_FILE: good }).CATALOG_FILE?.corridors).toHaveLength(1)
    const bad = join(folder, 'bad.yaml')
    writeFileSync(bad, GERMANY_SEPA_CATALOG.replace('currency: EUR', 'currency: XXX'))
    expect(() => loadPaymentsConfig({ ...BASE, CATALOG_FILE: bad })).toThrow(/CATALOG_FILE: .*bad\.yaml: corridors\.0\.currency: XXX is not a currency/)
    expect(() => loadPaymentsConfig({ ...BASE, CATALOG_FILE: join(folder, 'absent.yaml') })).toThrow(/CATALOG_FILE: .*absent\.yaml: ENOENT/)
  })

  it('names only rails the deployment connected: a rail off, or one not built, stops the start', () => {
    const file = join(folder, 'catalog.yaml')
    writeFileSync(file, GERMANY_SEPA_CATALOG)
    expect(() => loadPaymentsConfig({ ...BASE, CATALOG_FILE: file })).toThrow(/corridors\.0 \(DE\/EUR\) names SEPA, which is not connected: set SEPA_SFTP_HOST and the other SEPA_\* settings/)
    writeFileSync(file, GERMANY_SEPA_CATALOG.replace('paymentRails: [SEPA]', 'paymentRails: [SEPA, PIX]'))
    expect(() => loadPaymentsConfig({ ...BASE, ...SEPA_SETTINGS, CATALOG_FILE: file })).toThrow(/names PIX, which is no production rail \(ACH, SEPA are\)/)
  })

  it('declares the corridors quotes may take, the institutions discoveries list and what they want of the payer', async () => {
    const file = parseCatalogFile(GERMANY_SEPA_CATALOG)
    expect([offersCorridor(file, 'USD', 'EUR'), offersCorridor(file, 'EUR', 'EUR'), offersCorridor(file, 'EUR', 'USD'), offersCorridor(file, 'GBP', 'EUR')]).toEqual([true, true, false, false])
    const catalog = configuredCatalog(file)
    expect(await catalog.discoveries()).toEqual([
      { bankName: 'Deutsche Bank', displayName: 'Deutsche Bank AG', country: 'DE', currency: 'EUR' },
      { bankName: 'Commerzbank', displayName: 'Commerzbank AG', country: 'DE', currency: 'EUR' },
    ])
    expect(catalog.payerDataFor(['SEPA'])).toEqual([{ name: 'FULL_NAME', mandatory: true }, { name: 'POSTAL_ADDRESS', mandatory: false }])
    expect(catalog.payerDataFor(['ACH'])).toEqual([])
    await expect(catalog.vasps()).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' })
    await expect(catalog.umaProviders()).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' })
  })

  it('lists the UMA providers and VASPs the file names, allowed unless it says otherwise', async () => {
    const directories = `
umaProviders:
  - { name: Example Bank, domain: uma.bank.example, supportedRegions: [DE], supportedCurrencies: [EUR], lei: 5493001KJTIIGC8Y1R12 }
  - { name: Blocked Pay, domain: blocked.example, supportedRegions: [DE], supportedCurrencies: [EUR], allowListStatus: false }
vasps:
  - { vaspName: Example Custody, url: 'https://custody.example' }
`
    const catalog = configuredCatalog(parseCatalogFile(GERMANY_SEPA_CATALOG + directories))
    expect(await catalog.umaProviders()).toEqual([
      { name: 'Example Bank', domain: 'uma.bank.example', supportedRegions: ['DE'], supportedCurrencies: ['EUR'], lei: '5493001KJTIIGC8Y1R12', allowListStatus: true },
      { name: 'Blocked Pay', domain: 'blocked.example', supportedRegions: ['DE'], supportedCurrencies: ['EUR'], allowListStatus: false },
    ])
    expect(await catalog.vasps()).toEqual([{ vaspName: 'Example Custody', url: 'https://custody.example' }])
    expect(() => parseCatalogFile(GERMANY_SEPA_CATALOG + directories.replace('uma.bank.example', 'not a domain'))).toThrow(/umaProviders\.0\.domain: expected a domain name/)
    expect(() => parseCatalogFile(GERMANY_SEPA_CATALOG + directories.replace("'https://custody.example'", "'http://custody.example'"))).toThrow(/vasps\.0\.url: expected an https/)
  })
})
