import { readFileSync } from 'node:fs'
import { z } from '@pp/config'
import { isSupportedCurrency } from '@pp/money'
import { parse } from 'yaml'
import { PRODUCTION_BANK_RAILS } from '../rails/payout-rails.js'

const currency = z.string().refine(isSupportedCurrency, { error: (issue) => `${String(issue.input)} is not a currency the service offers` })
const country = z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166 country code such as DE')

/** One corridor the deployment offers: payouts in `currency` to `country`, from `sourceCurrencies`. */
const corridorSchema = z
  .object({
    country,
    currency,
    /** The currencies a quote may send from into this corridor (the receiving currency itself for a payout without conversion). */
    sourceCurrencies: z.array(currency).min(1),
    /** The rails its institutions are reached by, as quotes and external accounts name them (SEPA, ACH...). */
    paymentRails: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'expected a rail name such as SEPA')).min(1),
    /** The receiving institutions GET /discoveries lists for it. */
    institutions: z.array(z.strictObject({ bankName: z.string().min(1), displayName: z.string().min(1) })).min(1),
    /** What its institutions want to know of the payer (CustomerInfoFieldName values). */
    payerData: z.array(z.strictObject({ name: z.string().regex(/^[A-Z][A-Z_]*$/, 'expected a field name such as FULL_NAME'), mandatory: z.boolean() })).default([]),
  })
  .strict()

/** An UMA provider GET /uma-providers lists: a counterparty whose UMA addresses (`$name@domain`) the platform may pay. */
const umaProviderSchema = z.strictObject({
  name: z.string().min(1),
  domain: z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'expected a domain name such as uma.bank.example'),
  supportedRegions: z.array(country).min(1),
  supportedCurrencies: z.array(currency).min(1),
  logoUrl: z.url({ protocol: /^https$/, error: 'expected an https:// URL' }).optional(),
  lei: z.string().regex(/^[A-Z0-9]{20}$/, 'expected a 20-character LEI').optional(),
  /** Whether the deployment allows paying it; listings leave blocked ones out unless asked. */
  allowListStatus: z.boolean().default(true),
})

/** A VASP GET /vasps lists: a custodian the platform's customers may name for a Travel Rule transfer. */
const vaspSchema = z.strictObject({ vaspName: z.string().min(1), url: z.url({ protocol: /^https$/, error: 'expected an https:// URL' }).optional() })

/** The production catalogue's file (CATALOG_FILE), version 1. The directories are optional: without one, its listing answers 501. */
export const catalogFileSchema = z.strictObject({
  version: z.literal(1, { error: 'expected version: 1 (the only version this service reads)' }),
  corridors: z.array(corridorSchema).min(1),
  umaProviders: z.array(umaProviderSchema).optional(),
  vasps: z.array(vaspSchema).optional(),
})

export type CatalogFile = z.output<typeof catalogFileSchema>
export type CatalogCorridor = CatalogFile['corridors'][number]

/** The file's text (YAML, or JSON, which YAML reads too) as a catalogue; throws naming the first problems and where they are. */
export function parseCatalogFile(text: string): CatalogFile {
  let document: unknown
  try {
    document = parse(text)
  } catch (err) {
    throw new Error(`not YAML or JSON: ${(err as Error).message.split('\n')[0]}`)
  }
  const parsed = catalogFileSchema.safeParse(document)
  if (parsed.success) return parsed.data
  throw new Error(parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; '))
}

/**
 * CATALOG_FILE, read and validated when the configuration loads: the service refuses to start on a
 * file it cannot read or that is not a valid catalogue, naming the problem.
 */
export const catalogFileSetting = z
  .string()
  .min(1)
  .transform((path, ctx) => {
    try {
      return parseCatalogFile(readFileSync(path, 'utf8'))
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `${path}: ${(err as Error).message}` })
      return z.NEVER
    }
  })
  .optional()

/** Whether a quote from `sourceCurrency` into `destinationCurrency` is in one of the catalogue's corridors. */
export const offersCorridor = (file: CatalogFile, sourceCurrency: string, destinationCurrency: string): boolean =>
  file.corridors.some((corridor) => corridor.currency === destinationCurrency && corridor.sourceCurrencies.includes(sourceCurrency))

/**
 * Every rail a corridor names is one this deployment connected, so GET /discoveries never lists an
 * institution that a quote would then refuse for want of its rail: a rail not built, or one whose
 * settings are unset, stops the start naming the corridor and what to do.
 */
export function requireConnectedRails(config: { CATALOG_FILE?: CatalogFile | undefined } & Partial<Record<string, unknown>>, ctx: z.RefinementCtx): void {
  const built = PRODUCTION_BANK_RAILS.map((rail) => rail.paymentRail).join(', ')
  config.CATALOG_FILE?.corridors.forEach((corridor, index) => {
    for (const name of corridor.paymentRails) {
      const rail = PRODUCTION_BANK_RAILS.find((candidate) => candidate.paymentRail === name)
      const where = `corridors.${index} (${corridor.country}/${corridor.currency}) names ${name}`
      if (!rail) ctx.addIssue({ code: 'custom', path: ['CATALOG_FILE'], message: `${where}, which is no production rail (${built} are)` })
      else if (!config[rail.setting]) ctx.addIssue({ code: 'custom', path: ['CATALOG_FILE'], message: `${where}, which is not connected: set ${rail.setting} and the other ${name}_* settings` })
    }
  })
}
