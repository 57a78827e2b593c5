import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCli } from './admin-cli-runner.js'
import { customerWebhooks, PASSPORT_PDF, submitProductionCustomer } from './kyc-support.js'
import { apiClient, type Credentials, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'

/**
 * KYC in production (issue 28): a customer submitted through the gateway with a PRODUCTION token
 * waits in the review queue, and an operator decides it with `pnpm admin verifications` (a child
 * process on the customers operator port, as the admin identity): the customer's status and its
 * CUSTOMER.KYC_* webhook follow, and the decision records who made it.
 */
const OPERATOR = `kyc-ops-${randomBytes(4).toString('hex')}@example.com`

let mesh: Mesh
let production: Credentials
let env: Record<string, string>
let saveDir: string

const { admin, adminJson } = adminCli(() => env)

beforeAll(async () => {
  mesh = sharedMesh()
  production = (await mesh.createPlatform(`e2e-kyc-review-${randomBytes(4).toString('hex')}`)).production
  env = {
    ...mesh.identity('admin'),
    CUSTOMERS_OPERATOR_GRPC_ADDRESS: mesh.operatorAddress('customers'),
    PLATFORM_OPERATOR_GRPC_ADDRESS: mesh.operatorAddress('platform'),
    ADMIN_OPERATOR: OPERATOR,
  }
  saveDir = mkdtempSync(join(tmpdir(), 'kyc-review-'))
}, 120_000)

afterAll(async () => {
  if (saveDir) rmSync(saveDir, { recursive: true, force: true })
  await mesh?.stop()
})

describe('the review queue of production verifications', () => {
  it('lists a submitted customer, shows its facts and documents, and approves it: APPROVED and CUSTOMER.KYC_APPROVED', async () => {
    const { customerId, verificationId } = await submitProductionCustomer(mesh, production, 'Grace Hopper')
    const pending = await adminJson('verifications', 'list', '--platform', production.platformId)
    expect(pending).toEqual([expect.objectContaining({ verificationId, customerId, environment: 'PRODUCTION', status: 'PENDING' })])

    const shown = await adminJson('verifications', 'show', verificationId, '--save-dir', saveDir)
    expect(shown.customer).toMatchObject({ id: customerId, fullName: 'Grace Hopper', kycStatus: 'PENDING' })
    expect(shown.documents).toEqual([expect.objectContaining({ documentType: 'PASSPORT', fileName: 'passport.pdf', sizeBytes: PASSPORT_PDF.length })])
    expect(readFileSync(shown.documents[0].savedTo).equals(PASSPORT_PDF)).toBe(true)

    const approved = await admin('verifications', 'approve', verificationId)
    expect(approved.code, approved.stderr).toBe(0)
    expect(approved.stdout).toContain(`${verificationId} APPROVED by ${OPERATOR}`)
    expect((await apiClient(mesh, production)('GET', `/customers/${customerId}`)).body.kycStatus).toBe('APPROVED')
    const webhooks = await customerWebhooks(mesh, customerId)
    expect(webhooks.map((w) => w.type)).toEqual(['CUSTOMER.CREATED', 'VERIFICATION.PENDING_MANUAL_REVIEW', 'CUSTOMER.KYC_PENDING', 'VERIFICATION.APPROVED', 'CUSTOMER.KYC_APPROVED'])
    expect(webhooks.at(-1)!.data).toMatchObject({ id: customerId, kycStatus: 'APPROVED' })
    expect(await adminJson('verifications', 'list', '--platform', production.platformId)).toEqual([])
  })

  it('rejects with a reason of the vocabulary, refuses an unknown one listing them, and refuses a second, other decision', async () => {
    const { customerId, verificationId } = await submitProductionCustomer(mesh, production, 'Alan Turing')
    const unknown = await admin('verifications', 'reject', verificationId, '--reason', 'LOOKS_ODD')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/^error: INVALID_INPUT: .*\n {2}reason: must be one of .*APPLICANT_SANCTIONED/)

    const rejected = await adminJson('verifications', 'reject', verificationId, '--reason', 'POOR_QUALITY_DOCUMENT', '--operator', 'second-pair-of-eyes')
    expect(rejected).toMatchObject({ status: 'REJECTED', reason: 'POOR_QUALITY_DOCUMENT', decidedBy: 'second-pair-of-eyes' })
    const api = apiClient(mesh, production)
    expect((await api('GET', `/customers/${customerId}`)).body.kycStatus).toBe('REJECTED')
    expect((await api('GET', `/verifications/${verificationId}`)).body).toMatchObject({
      verificationStatus: 'REJECTED',
      errors: [{ resourceId: customerId, type: 'POOR_QUALITY_DOCUMENT' }],
    })
    expect((await customerWebhooks(mesh, customerId)).at(-1)).toMatchObject({ type: 'CUSTOMER.KYC_REJECTED', data: { kycStatus: 'REJECTED' } })

    const conflict = await admin('verifications', 'approve', verificationId)
    expect(conflict.code).toBe(1)
    expect(conflict.stderr).toMatch(/^error: CONFLICT: /)
  })
})
