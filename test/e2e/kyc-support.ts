import pg from 'pg'
import { expect } from 'vitest'
import { apiClient, type Credentials, type Mesh } from './mesh.js'

export const PASSPORT_PDF = Buffer.from('%PDF-1.4\n% a passport scan\n%%EOF\n')

/** A multipart upload of a document with the platform's credentials. */
async function uploadDocument(mesh: Mesh, credentials: Credentials, fields: Record<string, string>, fileName: string, content: Buffer) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  form.set('file', new File([new Uint8Array(content)], fileName, { type: 'application/pdf' }))
  const authorization = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`
  const response = await fetch(`${mesh.baseUrl}/documents`, { method: 'POST', headers: { authorization }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

/**
 * An individual with a complete packet submitted through the gateway with a PRODUCTION token: it
 * waits for review (PENDING_MANUAL_REVIEW), its kycStatus PENDING.
 */
export async function submitProductionCustomer(mesh: Mesh, production: Credentials, fullName: string): Promise<{ customerId: string; verificationId: string }> {
  const api = apiClient(mesh, production)
  const created = await api('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    fullName,
    birthDate: '1990-12-10',
    nationality: 'US',
    address: { line1: '1 Main St', postalCode: '94105', country: 'US' },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const customerId = created.body.id as string
  const uploaded = await uploadDocument(mesh, production, { documentHolder: customerId, documentType: 'PASSPORT', country: 'US' }, 'passport.pdf', PASSPORT_PDF)
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
  const verification = await api('POST', '/verifications', { customerId })
  expect(verification.status, JSON.stringify(verification.body)).toBe(200)
  expect(verification.body).toMatchObject({ verificationStatus: 'PENDING_MANUAL_REVIEW' })
  expect((await api('GET', `/customers/${customerId}`)).body.kycStatus).toBe('PENDING')
  return { customerId, verificationId: verification.body.id as string }
}

/**
 * The webhooks written about a customer, oldest first, read from the customers service's outbox:
 * a production webhook endpoint must be public https, which no test serves.
 */
export async function customerWebhooks(mesh: Mesh, customerId: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const client = new pg.Client({ connectionString: mesh.databaseUrl('customers') })
  await client.connect()
  try {
    const { rows } = await client.query<{ payload: { type: string; data: Record<string, unknown> } }>(
      `SELECT payload FROM outbox_events WHERE payload->'data'->>'id' = $1 OR payload->'data'->>'customerId' = $1 ORDER BY created_at, id`,
      [customerId],
    )
    return rows.map((r) => r.payload)
  } finally {
    await client.end()
  }
}
