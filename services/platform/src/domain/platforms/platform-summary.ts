/** A platform as the operator sees it: its configuration per environment is the platform's own (/config). */
export interface PlatformSummary {
  id: string
  name: string
  isRegulatedFinancialInstitution: boolean
  createdAt: Date
}
