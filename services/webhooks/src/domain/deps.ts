import type { Db, Sql } from '../db/client.js'
import type { PostWebhook } from './delivery/http-post.js'
import type { DeliverySettings } from './delivery/settings.js'
import type { EndpointDirectory } from './endpoint/endpoint-directory.js'
import type { SigningKeys } from './signing/signing-keys.js'

/** What the use cases need; main.ts wires the real ones, tests swap the platform's configuration source. */
export interface WebhooksDeps {
  db: Db
  /** Queueing deliveries: committed durably, since the event's message is acked once its delivery is. */
  sql: Sql
  /**
   * Claims and attempt outcomes, committed without waiting for the WAL flush: a crash may forget
   * the last few of them, and a forgotten claim or outcome only sends the webhook once more,
   * which the body's id lets a receiver drop (delivery is at least once, as before).
   */
  attemptsSql: Sql
  keys: SigningKeys
  /** A tenant's webhook configuration that no event has brought yet (the claims read the kept one). */
  endpointDirectory: EndpointDirectory
  post: PostWebhook
  settings: DeliverySettings
}
