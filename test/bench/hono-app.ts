/**
 * The anchor of the read figures: a bare Hono app on @hono/node-server, the gateway's framework and
 * server, answering one JSON object. Run as its own process by the bench, on PORT.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono().get('/json', (c) => c.json({ id: 'Customer:anchor', status: 'APPROVED' }))
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' })
process.once('SIGTERM', () => server.close(() => process.exit(0)))
