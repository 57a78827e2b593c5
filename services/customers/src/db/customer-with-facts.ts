import type { ContactProof } from '../domain/contact-verification/status.js'
import type { AcceptanceMethod, ConsentView } from '../domain/types.js'
import { rowToRecord, type CustomerRecord } from './customer-row.js'
import type { Customer as CustomerRow } from './generated/client.js'

/** A customer with what its view shows besides its own row: the latest consents and the contact proofs. */
export interface CustomerWithFacts {
  record: CustomerRecord
  consents: ConsentView[]
  proofs: ContactProof[]
}

/**
 * The select list of a customer (table alias `c`) under Prisma's field names and value types, so
 * that `rowToRecord` maps it as it maps a Prisma row. A DATE column comes out of `pg` as local
 * midnight; read as UTC midnight it is the Date Prisma gives.
 */
export const CUSTOMER_COLUMNS = `
  c.id, c.platform_id AS "platformId", c.environment, c.customer_type AS "customerType",
  c.platform_customer_id AS "platformCustomerId", c.region, c.currencies, c.email, c.phone_number AS "phoneNumber",
  c.uma_address AS "umaAddress", c.address, c.full_name AS "fullName",
  c.birth_date::timestamp AT TIME ZONE 'UTC' AS "birthDate", c.nationality, c.id_type AS "idType", c.identifier,
  c.country_of_issuance AS "countryOfIssuance", c.due_diligence AS "dueDiligence", c.business_info AS "businessInfo",
  c.verification_status AS "verificationStatus", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  c.deleted_at AS "deletedAt"`

/**
 * The view's facts of customer `c` as two JSON arrays: the latest acceptance of each agreement
 * type, ordered by type ("latest" by acceptance time, then by the later recorded), and the proof
 * on file per contact channel.
 */
export const FACTS_COLUMNS = `
  (SELECT coalesce(json_agg(json_build_object(
            'type', latest.agreement_type, 'acceptedAt', latest.accepted_at, 'ipAddress', latest.ip_address,
            'termsVersion', latest.terms_version, 'acceptanceMethod', latest.acceptance_method) ORDER BY latest.agreement_type), '[]')
     FROM (SELECT DISTINCT ON (agreement_type) agreement_type, accepted_at, ip_address, terms_version, acceptance_method
             FROM agreement_consents
            WHERE customer_id = c.id
            ORDER BY agreement_type, accepted_at DESC, id DESC) latest) AS consents,
  (SELECT coalesce(json_agg(json_build_object('channel', channel, 'verifiedContact', verified_contact) ORDER BY channel), '[]')
     FROM contact_verifications
    WHERE customer_id = c.id) AS proofs`

interface ConsentJson {
  type: string
  /** A timestamptz in JSON: ISO 8601 with the session's offset. */
  acceptedAt: string
  ipAddress: string
  termsVersion: string
  acceptanceMethod: AcceptanceMethod
}

export interface FactsRow {
  consents: ConsentJson[]
  proofs: ContactProof[]
}

export type CustomerWithFactsRow = CustomerRow & FactsRow

export const factsOf = ({ consents, proofs }: FactsRow): Omit<CustomerWithFacts, 'record'> => ({
  consents: consents.map((consent) => ({ ...consent, acceptedAt: new Date(consent.acceptedAt).toISOString() })),
  proofs,
})

export const toCustomerWithFacts = ({ consents, proofs, ...row }: CustomerWithFactsRow): CustomerWithFacts => ({
  record: rowToRecord(row),
  ...factsOf({ consents, proofs }),
})
