/** An operator command run through the admin tool, as recorded. */
export interface OperatorAction {
  id: string
  operator: string
  command: string
  arguments: string[]
  requestId: string
  outcome: string
  errorCode: string | null
  recordedAt: Date
}
