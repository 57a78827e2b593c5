import { invalidInput, type FieldError } from '@pp/errors'
import type { SweepRule } from './types.js'

const LABEL_LENGTH_MAX = 255
const PAYER_NAME_LENGTH_MAX = 255

export interface RuleBasedAccountInput {
  type: string
  currency: string
  customerId?: string
  label?: string
  sweepRule?: SweepRule
}

export interface ValidRuleBasedAccount {
  customerId: string
  label?: string
  sweepRule: SweepRule
}

/**
 * The limits of POST /internal-accounts: only RULE_BASED accounts are created here, only in USD,
 * only for a customer (platform-owned ones are refused for now), with a sweep rule, and a label
 * of at most 255 characters. Every broken rule is named at once.
 */
export function validateRuleBasedAccount(input: RuleBasedAccountInput): ValidRuleBasedAccount {
  const errors: FieldError[] = []
  if (input.type !== 'RULE_BASED') {
    errors.push({ field: 'type', message: 'only RULE_BASED accounts are created here; the others are provisioned automatically', constraint: { enum: ['RULE_BASED'] } })
  }
  if (input.currency !== 'USD') errors.push({ field: 'currency', message: 'only USD is offered', constraint: { enum: ['USD'] } })
  if (!input.customerId) errors.push({ field: 'customerId', message: 'is required: platform-owned rule-based accounts are not offered' })
  if (input.label !== undefined && input.label.length > LABEL_LENGTH_MAX) {
    errors.push({ field: 'label', message: 'too long', constraint: { maxLength: LABEL_LENGTH_MAX } })
  }
  errors.push(...sweepRuleErrors(input.sweepRule))
  if (errors.length > 0) throw invalidInput(errors)
  return { customerId: input.customerId!, label: input.label, sweepRule: input.sweepRule! }
}

function sweepRuleErrors(rule: SweepRule | undefined): FieldError[] {
  if (!rule) return [{ field: 'sweepRule', message: 'is required: the account and its rule are created together' }]
  const errors: FieldError[] = []
  if (!rule.destinationAccountId) errors.push({ field: 'sweepRule.destinationAccountId', message: 'is required' })
  if (rule.payerName !== undefined && rule.payerName.length > PAYER_NAME_LENGTH_MAX) {
    errors.push({ field: 'sweepRule.payerName', message: 'too long', constraint: { maxLength: PAYER_NAME_LENGTH_MAX } })
  }
  return errors
}
