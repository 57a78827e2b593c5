import type { Context, Hono, MiddlewareHandler } from 'hono'
import { html } from 'hono/html'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isApiError, type ApiError } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type { HostedKycServiceClient } from '@pp/proto/customers/v1/hosted_kyc'
import { hostedSessionOf, submittedVerification, type HostedSession } from './hosted-session.js'
import type { GatewayEnv } from '../context.js'
import { HOSTED_KYC_PATH } from './hosted-paths.js'
import { errorList, layout, messagePage, type Fragment } from './page-layout.js'
import { saveStep } from './save-step.js'
import { isStep, nextStep, stepNav, stepPath, stepsOf, stepTitle, type StepName } from './steps.js'
import { stepBody } from './step-body.js'

type HostedContext = Context<GatewayEnv>

/** Links are shared only with the customer: no caching, no referrer carrying the token onward, no scripts. */
export const hostedHeaders = (): MiddlewareHandler<GatewayEnv> =>
  async function hostedHeaders(c, next) {
    await next()
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
  }

/**
 * The hosted verification flow as plain server-rendered pages, outside the versioned API and
 * without Basic authentication: the link token in the path is the credential. Each step saves
 * through the customers service; the last one submits the packet like POST /verifications.
 */
export function registerHostedKycPages(app: Hono<GatewayEnv>, hosted: HostedKycServiceClient, logger: Logger): void {
  const pages = new HostedPages(hosted, logger)
  app.use(`${HOSTED_KYC_PATH}/*`, hostedHeaders())
  app.get(`${HOSTED_KYC_PATH}/:token`, (c) => pages.show(c, c.req.param('token')))
  app.get(`${HOSTED_KYC_PATH}/:token/:step`, (c) => pages.show(c, c.req.param('token'), c.req.param('step')))
  app.post(`${HOSTED_KYC_PATH}/:token/:step`, (c) => pages.submit(c, c.req.param('token'), c.req.param('step')))
}

/** Field errors as sentences; other errors by their reason. */
const messagesOf = (err: ApiError): string[] => {
  const errors = (err.details.errors ?? []) as Array<{ field: string; message: string }>
  return errors.length > 0 ? errors.map((e) => `${e.field}: ${e.message}`) : [err.message]
}

/** Which step to show, with what went wrong on its last submission. */
interface StepView {
  step?: string
  errors?: string[]
  status?: ContentfulStatusCode
}

const CLOSED: Record<string, [string, string]> = {
  USED: ['Link already used', 'This verification link has already been used. Ask for a new link if you need to verify again.'],
  EXPIRED: ['Link expired', 'This verification link has expired. Ask for a new link to continue.'],
}

class HostedPages {
  constructor(
    private readonly hosted: HostedKycServiceClient,
    private readonly logger: Logger,
  ) {}

  async show(c: HostedContext, token: string, step?: string): Promise<Response> {
    return this.guard(c, async () => this.render(c, token, await this.session(c, token), { step }))
  }

  async submit(c: HostedContext, token: string, stepName: string): Promise<Response> {
    return this.guard(c, async () => {
      const session = await this.session(c, token)
      if (session.state !== 'OPEN') return this.closed(c, session.state)
      const customerType = session.customer!.customerType
      const step: StepName = isStep(stepName, customerType) ? stepName : stepsOf(customerType)[0]!
      const form = await c.req.parseBody({ all: true })
      try {
        if (step === 'review') return await this.complete(c, token)
        await saveStep(this.hosted, this.context(c), { token, step, session, form })
      } catch (err) {
        if (!isApiError(err) || err.status >= 500 || err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND') throw err
        const view = { step, errors: messagesOf(err), status: err.status as ContentfulStatusCode }
        return this.render(c, token, await this.session(c, token), view)
      }
      return c.redirect(stepPath(token, step === 'people' ? 'people' : nextStep(customerType, step)), 303)
    })
  }

  /** A decision uses the link and sends the customer on; RESOLVE_ERRORS shows what is missing. */
  private async complete(c: HostedContext, token: string): Promise<Response> {
    const done = await callUnary(this.hosted, this.hosted.completeHostedKyc, { linkToken: token }, this.context(c))
    const verification = submittedVerification(done)
    if (verification.verificationStatus === 'RESOLVE_ERRORS') {
      const reasons = verification.errors.map((e) => e.reason)
      return this.render(c, token, await this.session(c, token), { step: 'review', errors: reasons, status: 422 })
    }
    if (done.redirectUri) return c.redirect(done.redirectUri, 303)
    return c.html(messagePage('Thank you', 'Your information has been submitted. You can close this page.'))
  }

  private render(c: HostedContext, token: string, session: HostedSession, view: StepView = {}): Response | Promise<Response> {
    const { step, errors = [], status = 200 } = view
    if (session.state !== 'OPEN') return this.closed(c, session.state)
    const customerType = session.customer!.customerType
    const current: StepName = step !== undefined && isStep(step, customerType) ? step : stepsOf(customerType)[0]!
    const title = stepTitle(current, customerType)
    const body: Fragment = html`<h1>${customerType === 'BUSINESS' ? 'Business verification' : 'Identity verification'}</h1>
      ${stepNav(token, customerType, current)}
      <h2>${title}</h2>
      ${errorList(errors)}
      <form method="post" action="${stepPath(token, current)}" enctype="multipart/form-data">
        ${stepBody(current, session)}
        <button type="submit">${current === 'review' ? 'Submit' : current === 'people' ? 'Add person' : 'Save and continue'}</button>
      </form>
      ${current === 'people' ? html`<p><a href="${stepPath(token, 'documents')}">Continue to documents</a></p>` : ''}`
    return c.html(layout(title, body), status)
  }

  private closed(c: HostedContext, state: string): Response | Promise<Response> {
    const [title, message] = CLOSED[state] ?? CLOSED.EXPIRED!
    return c.html(messagePage(title, message), 410)
  }

  private async session(c: HostedContext, token: string): Promise<HostedSession> {
    return hostedSessionOf((await callUnary(this.hosted, this.hosted.getHostedKycSession, { linkToken: token }, this.context(c))).session!)
  }

  private context = (c: HostedContext) => ({ requestId: c.get('requestId') })

  /** Every failure is a page, never JSON: an unknown link, a link used meanwhile, or our own fault. */
  private async guard(c: HostedContext, render: () => Promise<Response>): Promise<Response> {
    try {
      return await render()
    } catch (err) {
      if (isApiError(err) && err.code === 'NOT_FOUND') return c.html(messagePage('Link not valid', 'This verification link is not valid.'), 404)
      if (isApiError(err) && err.status === 403) return c.html(messagePage('Link not usable', err.message), 410)
      if (isApiError(err) && err.status === 410) return c.html(messagePage('Link not usable', 'This customer can no longer be verified.'), 410)
      // the path carries the link token: it stays out of the logs
      this.logger.error({ err, requestId: c.get('requestId'), method: c.req.method }, 'hosted page failed')
      return c.html(messagePage('Something went wrong', 'Please try again in a moment.'), 500)
    }
  }
}
