import { html } from 'hono/html'
import type { HostedSession } from './hosted-session.js'
import type { Fragment } from './page-layout.js'

/** What will be submitted, and what is still missing (as a submission would report it). */
export function reviewStep(session: HostedSession): Fragment {
  const customer = session.customer!
  const name = customer.customerType === 'INDIVIDUAL' ? customer.fullName : customer.businessInfo?.legalName
  const missing = session.missing
  return html`
    <dl>
      <dt>Name</dt><dd>${name ?? '—'}</dd>
      <dt>Documents</dt><dd>${session.documents.length}</dd>
      ${customer.customerType === 'BUSINESS' ? html`<dt>People</dt><dd>${session.beneficialOwners.length}</dd>` : ''}
    </dl>
    ${missing.length === 0
      ? html`<p>Everything needed is on file.</p>`
      : html`<p>Still missing:</p><ul class="missing">${missing.map((m) => html`<li>${m.reason}</li>`)}</ul>`}`
}
