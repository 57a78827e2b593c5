import { html } from 'hono/html'
import { HOSTED_KYC_PATH } from './hosted-paths.js'
import type { Fragment } from './page-layout.js'

export const STEP_NAMES = ['details', 'people', 'documents', 'review'] as const
export type StepName = (typeof STEP_NAMES)[number]

/** INDIVIDUAL runs KYC; BUSINESS runs KYB, which also gathers its people (spec rule 3). */
const STEPS: Record<string, StepName[]> = {
  INDIVIDUAL: ['details', 'documents', 'review'],
  BUSINESS: ['details', 'people', 'documents', 'review'],
}

const TITLES: Record<StepName, string> = {
  details: 'Your details',
  people: 'Control person and owners',
  documents: 'Documents',
  review: 'Review and submit',
}

export const stepsOf = (customerType: string): StepName[] => STEPS[customerType] ?? STEPS.INDIVIDUAL!

export const isStep = (value: string, customerType: string): value is StepName => (stepsOf(customerType) as string[]).includes(value)

export const stepPath = (token: string, step: StepName): string => `${HOSTED_KYC_PATH}/${token}/${step}`

export function nextStep(customerType: string, step: StepName): StepName {
  const steps = stepsOf(customerType)
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)]!
}

export const stepTitle = (step: StepName, customerType: string): string =>
  step === 'details' && customerType === 'BUSINESS' ? 'Company details' : TITLES[step]

/** The steps as links, the current one marked. */
export const stepNav = (token: string, customerType: string, current: StepName): Fragment => html`<nav aria-label="Steps">
  <ol>
    ${stepsOf(customerType).map(
      (step) => html`<li class="${step === current ? 'current' : ''}"><a href="${stepPath(token, step)}">${stepTitle(step, customerType)}</a></li>`,
    )}
  </ol>
</nav>`
