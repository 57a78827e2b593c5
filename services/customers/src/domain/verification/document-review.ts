/** The spec's document rejection reasons, each a 400 error code of its own. */
export const DOCUMENT_REJECTIONS = ['LOW_QUALITY', 'DATA_MISMATCH', 'EXPIRED', 'SUSPECTED_FRAUD', 'UNSUITABLE_DOCUMENT', 'INCOMPLETE'] as const
export type DocumentRejection = (typeof DOCUMENT_REJECTIONS)[number]

/**
 * Sandbox trigger: a file whose name, before its extension, ends in `_<REASON>` (any case), e.g.
 * `passport_LOW_QUALITY.pdf`, is rejected with that reason.
 */
export function sandboxDocumentRejection(fileName: string): DocumentRejection | undefined {
  const stem = fileName.replace(/\.[^.]*$/, '').toUpperCase()
  return DOCUMENT_REJECTIONS.find((reason) => stem.endsWith(`_${reason}`))
}
