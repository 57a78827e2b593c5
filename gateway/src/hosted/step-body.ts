import type { HostedSession } from './hosted-session.js'
import { businessDetails, individualDetails } from './details-form.js'
import { documentsStep } from './documents-form.js'
import type { Fragment } from './page-layout.js'
import { peopleStep } from './people-form.js'
import { reviewStep } from './review-page.js'
import type { StepName } from './steps.js'

/** The inputs of one step, prefilled from the session. */
export function stepBody(step: StepName, session: HostedSession): Fragment {
  const customer = session.customer!
  switch (step) {
    case 'details':
      return customer.customerType === 'BUSINESS' ? businessDetails(customer) : individualDetails(customer)
    case 'people':
      return peopleStep(session)
    case 'documents':
      return documentsStep(session)
    case 'review':
      return reviewStep(session)
  }
}
