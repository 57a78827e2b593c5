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

/** The SEPA rail's settings as a configuration test needs them (a server nobody dials): a SEPA corridor must have its rail connected. */
export const SEPA_SETTINGS = {
  SEPA_SFTP_HOST: 'sftp.bank.example',
  SEPA_SFTP_USER: 'platform',
  SEPA_SFTP_PRIVATE_KEY_FILE: '/etc/sepa/sftp.key',
  SEPA_SFTP_HOST_KEY_FINGERPRINT: `SHA256:${'A'.repeat(43)}`,
  SEPA_DEBTOR_NAME: 'Payments Inc',
  SEPA_DEBTOR_IBAN: 'FR1420041010050500013M02606',
  SEPA_INITIATING_PARTY_ID: 'PAYMENTSINC',
}
