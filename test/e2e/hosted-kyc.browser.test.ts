import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, type Browser } from '../../gateway/test/support/browser.js'
import { apiClient, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'

/**
 * The hosted verification link in a real browser: headless Chromium completes the flow a
 * customer would, lands on the platform's redirectUri, and the API then shows the customer
 * APPROVED; the used link only shows its error page.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

let mesh: Mesh
let browser: Browser
let redirectTarget: Server
const landings: string[] = []

/** The platform's page the customer is sent back to, on 127.0.0.1 (http is allowed for localhost). */
function startRedirectTarget(): Promise<Server> {
  const server = createServer((req, res) => {
    landings.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Back at the platform</title><h1>Welcome back</h1>')
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

beforeAll(async () => {
  mesh = sharedMesh()
  // every part settles before a failure is reported, so that afterAll stops whatever did start
  const started = await Promise.allSettled([
    launchChromium().then((launched) => (browser = launched)),
    startRedirectTarget().then((server) => (redirectTarget = server)),
  ])
  const failure = started.find((part) => part.status === 'rejected')
  if (failure) throw failure.reason
}, 120_000)

afterAll(async () => {
  await browser?.close()
  if (redirectTarget) await new Promise((resolve) => redirectTarget.close(resolve))
  await mesh?.stop()
})

describe('the hosted KYC link in a browser', () => {
  it('completes the flow, lands on redirectUri, approves the customer, and cannot be used twice', async () => {
    const api = apiClient(mesh, await mesh.createPlatform(`browser-kyc-${process.pid}`))
    const created = await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Grace Hopper', email: 'grace@example.com' })
    expect(created.body.kycStatus).toBe('UNVERIFIED')
    const redirectUri = `http://127.0.0.1:${(redirectTarget.address() as AddressInfo).port}/onboarding/done`
    const link = await api('POST', `/customers/${created.body.id}/kyc-link`, { redirectUri })
    expect(link.status).toBe(201)

    const page = await browser.newPage()
    await page.goto(link.body.kycUrl)
    expect(await page.inputValue('#fullName')).toBe('Grace Hopper')
    await page.fill('#birthDate', '1906-12-09')
    await page.fill('#nationality', 'US')
    await page.fill('[name="address.line1"]', '1 Navy Way')
    await page.fill('[name="address.postalCode"]', '20001')
    await page.fill('[name="address.country"]', 'US')
    await page.click('button[type=submit]')

    await page.waitForURL(/\/documents$/)
    await page.selectOption('[name="identity.type"]', 'PASSPORT')
    await page.setInputFiles('[name="identity.file"]', { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.click('button[type=submit]')

    await page.waitForURL(/\/review$/)
    expect(await page.textContent('main')).toContain('Everything needed is on file')
    await page.click('button[type=submit]')
    await page.waitForURL(redirectUri)
    expect(await page.textContent('h1')).toBe('Welcome back')
    expect(landings).toContain('/onboarding/done')

    const customer = await api('GET', `/customers/${created.body.id}`)
    expect(customer.body.kycStatus).toBe('APPROVED')

    const again = await page.goto(link.body.kycUrl)
    expect(again?.status()).toBe(410)
    expect(await page.textContent('main')).toContain('already been used')
    await page.close()
  })
})
