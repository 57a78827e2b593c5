import { callUnary, type CallContext } from '@pp/grpc'
import type { HostedKycServiceClient } from '@pp/proto/customers/v1/hosted_kyc'
import type { HostedSession } from './hosted-session.js'
import { BUSINESS_DOCUMENT_GROUPS, INDIVIDUAL_DOCUMENT_PREFIX } from './documents-form.js'
import { ownerFromForm, profileFromForm, uploadFromForm, type FormBody } from './form-input.js'
import type { StepName } from './steps.js'

export interface StepSubmission {
  token: string
  step: StepName
  session: HostedSession
  form: FormBody
}

/** Writes what one step's form carries through the hosted RPCs; the service checks it. */
export async function saveStep(hosted: HostedKycServiceClient, ctx: Partial<CallContext>, submission: StepSubmission): Promise<void> {
  const { token: linkToken, step, session, form } = submission
  const customer = session.customer!
  const upload = async (prefix: string, holder: string) => {
    const document = await uploadFromForm(form, prefix, holder)
    if (document) await callUnary(hosted, hosted.uploadHostedKycDocument, { linkToken, document }, ctx)
  }
  if (step === 'details') {
    const profile = profileFromForm(form, customer.customerType)
    await callUnary(hosted, hosted.saveHostedKycProfile, { linkToken, profile }, ctx)
  } else if (step === 'people') {
    const { beneficialOwnerId } = await callUnary(hosted, hosted.addHostedKycBeneficialOwner, { linkToken, owner: ownerFromForm(form) }, ctx)
    await upload(INDIVIDUAL_DOCUMENT_PREFIX, beneficialOwnerId)
  } else if (step === 'documents') {
    const prefixes = customer.customerType === 'INDIVIDUAL' ? [INDIVIDUAL_DOCUMENT_PREFIX] : BUSINESS_DOCUMENT_GROUPS.map((g) => g.prefix)
    for (const prefix of prefixes) await upload(prefix, customer.id)
  }
}
