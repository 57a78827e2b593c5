import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, type Browser, type Page } from '../../gateway/test/support/browser.js'
import { apiClient, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'

/**
 * The interactive API reference in a real browser: /docs renders the gateway's live OpenAPI
 * document (every tag, the webhooks) from the gateway alone, and its "Try it out" sends a real
 * request with the platform's Basic credentials that the API then shows done.
 */
let mesh: Mesh
let browser: Browser

beforeAll(async () => {
  mesh = sharedMesh()
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await mesh?.stop()
})

interface LiveDocument {
  info: { title: string }
  paths: Record<string, Record<string, { tags?: string[] }>>
  webhooks: Record<string, unknown>
}

/** What a page asked of other origins (refused), and the Content-Security-Policy violations it reported. */
interface Watch {
  foreign: string[]
  violations: string[]
}

/** A page whose requests may only go to `origin`: any other is recorded and aborted, so nothing leaves the machine. */
async function watchedPage(origin: string): Promise<{ page: Page; watch: Watch }> {
  const watch: Watch = { foreign: [], violations: [] }
  const page = await browser.newPage({ viewport: { width: 1280, height: 1200 } })
  await page.route('**/*', (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue()
    watch.foreign.push(route.request().url())
    return route.abort()
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) watch.violations.push(message.text())
  })
  return { page, watch }
}

/**
 * Scrolls the page from top to bottom and returns every operation tag and webhook it rendered
 * on the way: Swagger UI draws only the operations near the viewport.
 */
async function scrollThrough(page: Page): Promise<{ tags: Set<string>; webhooks: Set<string> }> {
  const tags = new Set<string>()
  const webhooks = new Set<string>()
  for (let step = 0; step < 500; step += 1) {
    for (const tag of await page.$$eval('.opblock-tag[data-tag]', (els) => els.map((e) => e.getAttribute('data-tag')!))) tags.add(tag)
    for (const path of await page.$$eval('.webhooks .opblock-summary-path[data-path]', (els) => els.map((e) => e.getAttribute('data-path')!))) webhooks.add(path)
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1)
    if (atEnd) break
    await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2))
    // the virtualizer renders the rows it now sees on the next frames
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  }
  return { tags, webhooks }
}

describe('the API reference at /docs', () => {
  it('renders every tag and webhook of the live document from the gateway alone, and sends a real request from the page', async () => {
    const credentials = await mesh.createPlatform(`browser-docs-${process.pid}`)
    const api = apiClient(mesh, credentials)
    const origin = new URL(mesh.baseUrl).origin
    const document = (await (await fetch(`${mesh.baseUrl}/openapi.json`)).json()) as LiveDocument
    const documentTags = new Set(Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((operation) => operation.tags ?? [])))
    expect(documentTags.size).toBeGreaterThan(10)

    // the base URL points the way
    const index = (await (await fetch(mesh.baseUrl)).json()) as { docs: string; openapi: string }
    expect(index).toMatchObject({ docs: '/docs', openapi: '/2025-10-13/openapi.json' })

    const { page, watch } = await watchedPage(origin)
    const answer = await page.goto(`${origin}${index.docs}`)
    expect(answer?.status()).toBe(200)
    await page.waitForSelector('.information-container .title', { timeout: 60_000 })
    expect(await page.textContent('.information-container .title')).toContain(document.info.title)

    const shown = await scrollThrough(page)
    expect([...shown.tags].sort()).toEqual([...documentTags].sort())
    expect(await page.textContent('.webhooks h2')).toBe('Webhooks')
    expect([...shown.webhooks].sort()).toEqual(Object.keys(document.webhooks).sort())
    await page.close()

    // a deep link opens "Create a customer"; the platform's credentials go in through its lock
    // button (the Authorize button at the top would scroll the operation out of the rendered rows)
    const { page: tryIt, watch: tryItWatch } = await watchedPage(origin)
    await tryIt.goto(`${origin}/docs#/Customers/createCustomer`)
    const operation = tryIt.locator('#operations-Customers-createCustomer')
    await operation.locator('.try-out__btn').waitFor({ timeout: 60_000 })
    await operation.locator('.authorization__btn').click()
    await tryIt.fill('#auth-basic-username', credentials.clientId)
    await tryIt.fill('#auth-basic-password', credentials.clientSecret)
    await tryIt.locator('.auth-container', { has: tryIt.locator('#auth-basic-username') }).locator('button[type=submit]').click()
    await tryIt.click('.modal-ux .close-modal')

    const email = `ada-${process.pid}@example.com`
    await operation.locator('.try-out__btn').click()
    await operation.locator('textarea.body-param__text').fill(JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', email }))
    await operation.locator('button.execute').click()
    const answered = operation.locator('.live-responses-table tbody .response')
    await answered.waitFor({ timeout: 30_000 })
    expect((await answered.locator('.response-col_status').textContent())?.trim()).toBe('201')
    const shownBody = JSON.parse((await answered.locator('.highlight-code pre').first().textContent())!) as { id: string; email: string }
    expect(shownBody.email).toBe(email)

    // it reached the API: the customer the page shows exists for the platform
    const customer = await api('GET', `/customers/${shownBody.id}`)
    expect(customer.status).toBe(200)
    expect(customer.body).toMatchObject({ id: shownBody.id, fullName: 'Ada Lovelace', email })
    await tryIt.close()

    expect([...watch.foreign, ...tryItWatch.foreign]).toEqual([])
    expect([...watch.violations, ...tryItWatch.violations]).toEqual([])
  }, 180_000)
})
