import type { Db, Sql } from '../db/client.js'
import type { CachedEndpoints } from './delivery/endpoints.js'
import type { PostWebhook } from './delivery/http-post.js'
import type { DeliverySettings } from './delivery/settings.js'
import type { SigningKeys } from './signing/signing-keys.js'

/** What the use cases need; main.ts wires the real ones, tests swap the endpoint source. */
export interface WebhooksDeps {
  db: Db
  sql: Sql
  keys: SigningKeys
  endpoints: CachedEndpoints
  post: PostWebhook
  settings: DeliverySettings
}
