/** A production catalogue file (CATALOG_FILE) of one corridor: EUR payouts to Germany over SEPA, sent from USD or EUR. */
export const GERMANY_SEPA_CATALOG = `# the deployment's production corridors
version: 1
corridors:
  - country: DE
    currency: EUR
    sourceCurrencies: [USD, EUR]
    paymentRails: [SEPA]
    institutions:
      - { bankName: Deutsche Bank, displayName: Deutsche Bank AG }
      - { bankName: Commerzbank, displayName: Commerzbank AG }
    payerData:
      - { name: FULL_NAME, mandatory: true }
      - { name: POSTAL_ADDRESS, mandatory: false }
`
