import { html } from 'hono/html'
import type { HostedSession } from './hosted-session.js'
import { IDENTITY_DOCUMENT_TYPES } from './people-form.js'
import { field, fileInput, select, type Fragment } from './page-layout.js'

/** The business document groups the flow collects: formation, ownership and proof of address. */
export const BUSINESS_DOCUMENT_GROUPS = [
  { prefix: 'formation.', label: 'Company formation document', types: ['CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT'] },
  { prefix: 'ownership.', label: 'Proof of ownership structure', types: ['SHAREHOLDER_REGISTER', 'TRUST_AGREEMENT', 'PARTNERSHIP_AGREEMENT'] },
  { prefix: 'proofOfAddress.', label: 'Proof of address (last 3 months)', types: ['UTILITY_BILL', 'BANK_STATEMENT', 'RENT_OR_LEASE_AGREEMENT', 'ELECTRICITY_BILL', 'TAX_RETURN'] },
] as const

export const INDIVIDUAL_DOCUMENT_PREFIX = 'identity.'

const onFile = (session: HostedSession): Fragment =>
  session.documents.length === 0
    ? html`<p>No documents on file yet.</p>`
    : html`<p>On file:</p><ul>${session.documents.map((d) => html`<li>${d.documentType.replaceAll('_', ' ').toLowerCase()}: ${d.fileName}</li>`)}</ul>`

/** An individual uploads one identity document; a business its formation, ownership and address documents. */
export function documentsStep(session: HostedSession): Fragment {
  const customer = session.customer!
  const country =
    customer.customerType === 'INDIVIDUAL' ? (customer.nationality ?? customer.address?.country) : (customer.address?.country ?? customer.businessInfo?.country)
  const groups =
    customer.customerType === 'INDIVIDUAL'
      ? html`${select(`${INDIVIDUAL_DOCUMENT_PREFIX}type`, 'Identity document', IDENTITY_DOCUMENT_TYPES)}
          ${fileInput(`${INDIVIDUAL_DOCUMENT_PREFIX}file`, 'Document file (PDF, JPEG or PNG, at most 10 MB)')}`
      : BUSINESS_DOCUMENT_GROUPS.map(
          (group) => html`<fieldset>
            <legend>${group.label}</legend>
            ${select(`${group.prefix}type`, 'Document type', group.types)}
            ${fileInput(`${group.prefix}file`, 'File (PDF, JPEG or PNG, at most 10 MB)')}
          </fieldset>`,
        )
  return html`${onFile(session)}
    ${field('documentCountry', 'Issuing country (2-letter code)', country, { required: true })}
    ${groups}
    <p>A new file replaces one of the same type already on file.</p>`
}
