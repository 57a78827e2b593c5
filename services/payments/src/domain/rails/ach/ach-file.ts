import { markAchFileSent } from '../../../db/ach.db.js'
import type { PaymentsDeps } from '../../deps.js'
import { achMetrics, type AchFileSummary, type AchRail } from './ach-rail.js'
import { buildNachaFile, type NachaCredit, type NachaFile, type NachaOffset, type SecCode } from './nacha-file.js'

/** What a file's header and offsets need besides its credits: what a rebuild reads back from the file's row. */
export interface FileFacts {
  createdAt: Date
  fileIdModifier: string
  effectiveDate: string
  offsetTraceNumbers: Record<string, string> | null
}

export function nachaFileOf(ach: AchRail, facts: FileFacts, credits: NachaCredit[]): NachaFile {
  const offset: NachaOffset | undefined =
    ach.settings.offset && facts.offsetTraceNumbers
      ? { ...ach.settings.offset, traceNumbers: facts.offsetTraceNumbers as Record<SecCode, string> }
      : undefined
  return buildNachaFile({ originator: ach.settings.originator, offset, createdAt: facts.createdAt, fileIdModifier: facts.fileIdModifier, effectiveDate: facts.effectiveDate, credits })
}

/** Uploads a recorded file and marks it SENT. */
export async function uploadFile(deps: PaymentsDeps, ach: AchRail, file: { id: string; name: string; entryCount: number; totalCredit: bigint }, content: string): Promise<AchFileSummary> {
  await ach.transport.upload(file.name, content)
  await markAchFileSent(deps.db, file.id, deps.now())
  achMetrics.fileSent(file.entryCount)
  deps.logger.info({ file: file.name, entries: file.entryCount, totalCredit: file.totalCredit.toString() }, 'ACH file sent')
  return { id: file.id, name: file.name, entryCount: file.entryCount, totalCredit: file.totalCredit }
}
