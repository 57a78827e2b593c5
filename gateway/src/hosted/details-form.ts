import { html } from 'hono/html'
import type { Customer } from '@pp/contracts'

type IndividualJson = Extract<Customer, { customerType: 'INDIVIDUAL' }>
type BusinessJson = Extract<Customer, { customerType: 'BUSINESS' }>
import { field, type Fragment } from './page-layout.js'

type Address = NonNullable<Customer['address']>

/** Address inputs, named `<prefix>line1` and so on, prefilled from `address`. */
export const addressFields = (legend: string, address?: Partial<Address>, prefix = 'address.'): Fragment => html`<fieldset>
  <legend>${legend}</legend>
  ${field(`${prefix}line1`, 'Address line 1', address?.line1, { required: true })}
  ${field(`${prefix}line2`, 'Address line 2', address?.line2)}
  ${field(`${prefix}city`, 'City', address?.city)}
  ${field(`${prefix}state`, 'State or region', address?.state)}
  ${field(`${prefix}postalCode`, 'Postal code', address?.postalCode, { required: true })}
  ${field(`${prefix}country`, 'Country (2-letter code)', address?.country, { required: true })}
</fieldset>`

/** An individual's identity, prefilled from the customer record (spec rule 4 applies to both flows). */
export function individualDetails(customer: IndividualJson): Fragment {
  return html`
    ${field('fullName', 'Full legal name', customer.fullName, { required: true })}
    ${field('birthDate', 'Date of birth', customer.birthDate, { type: 'date', required: true })}
    ${field('nationality', 'Nationality (2-letter code)', customer.nationality, { required: true })}
    ${addressFields('Residential address', customer.address)}`
}

/** The company details, prefilled with the business information already on file. */
export function businessDetails(customer: BusinessJson): Fragment {
  const info = customer.businessInfo
  return html`
    ${field('legalName', 'Legal name', info?.legalName, { required: true })}
    ${field('doingBusinessAs', 'Trading name (if different)', info?.doingBusinessAs)}
    ${field('registrationNumber', 'Registration number', info?.registrationNumber)}
    ${field('taxId', 'Tax identification number', info?.taxId, { required: true })}
    ${field('incorporatedOn', 'Date of incorporation', info?.incorporatedOn, { type: 'date', required: true })}
    ${field('country', 'Country of incorporation (2-letter code)', info?.country, { required: true })}
    ${field('countriesOfOperation', 'Countries of operation (2-letter codes, comma separated)', info?.countriesOfOperation?.join(', '), { required: true })}
    ${addressFields('Principal place of business', customer.address)}`
}
