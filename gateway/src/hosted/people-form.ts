import { html } from 'hono/html'
import type { HostedSession } from './hosted-session.js'
import { addressFields } from './details-form.js'
import { field, fileInput, select, type Fragment } from './page-layout.js'

const ROLES = [
  ['CONTROL_PERSON', 'Control person (manages or directs the company)'],
  ['UBO', 'Beneficial owner (holds 25% or more)'],
  ['DIRECTOR', 'Director'],
  ['COMPANY_OFFICER', 'Company officer'],
] as const

export const IDENTITY_DOCUMENT_TYPES = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'] as const
const ID_TYPES = ['SSN', 'ITIN', 'NON_US_TAX_ID'] as const

const hasIdentityDocument = (session: HostedSession, holder: string): boolean =>
  session.documents.some((d) => d.documentHolder === holder && (IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(d.documentType))

/** The people on file, and a form to add one more with their identity document. */
export function peopleStep(session: HostedSession): Fragment {
  const owners = session.beneficialOwners
  return html`
    <p>Add the control person and every beneficial owner holding 25% or more of the company.</p>
    ${owners.length === 0
      ? html`<p>No one added yet.</p>`
      : html`<ul>
          ${owners.map(
            (o) => html`<li>${o.personalInfo?.firstName} ${o.personalInfo?.lastName} — ${o.roles.join(', ')}, ${o.ownershipPercentage}%
              ${hasIdentityDocument(session, o.id) ? '' : html` <strong>(identity document missing)</strong>`}</li>`,
          )}
        </ul>`}
    <h2>Add a person</h2>
    <fieldset>
      <legend>Roles</legend>
      ${ROLES.map(([role, label]) => html`<label><input type="checkbox" name="roles" value="${role}" /> ${label}</label>`)}
    </fieldset>
    ${field('ownershipPercentage', 'Ownership (%)', '0', { type: 'number' })}
    ${field('firstName', 'First name', undefined, { required: true })}
    ${field('lastName', 'Last name', undefined, { required: true })}
    ${field('birthDate', 'Date of birth', undefined, { type: 'date', required: true })}
    ${field('nationality', 'Nationality (2-letter code)', undefined, { required: true })}
    ${select('idType', 'Identification type', ID_TYPES)}
    ${field('identifier', 'Identification number', undefined, { required: true })}
    ${addressFields('Residential address', undefined)}
    ${select('identity.type', 'Identity document', IDENTITY_DOCUMENT_TYPES)}
    ${field('documentCountry', 'Issuing country (2-letter code)', undefined, { required: true })}
    ${fileInput('identity.file', 'Identity document file (PDF, JPEG or PNG)', true)}`
}
