import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The EPC's SEPA Credit Transfer schema of pain.001.001.09, as published (EPC132-08, 2023 V1.0),
 * kept beside the tests so they validate on any clone without the internet.
 */
export const PAIN001_SCHEMA = join(import.meta.dirname, 'standards/pain.001.001.09-epc-sct.xsd')

/** libxml2's xmllint over `content`: independent of the code that wrote it. Throws with its complaint when it fails. */
export function xmllint(content: string, ...args: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'xmllint-')), 'file.xml')
  writeFileSync(file, content)
  return execFileSync('xmllint', [...args, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Validates against the EPC schema: '' when valid. */
export const validatePain001 = (content: string): string => xmllint(content, '--noout', '--schema', PAIN001_SCHEMA)

/** An XPath over the file's elements by local name (`/Document/GrpHdr` stands for the namespaced path). */
export const xpath = (content: string, path: string): string => xmllint(content, '--xpath', path.replace(/\/([A-Z]\w*)/g, '/*[local-name()="$1"]')).trim()
