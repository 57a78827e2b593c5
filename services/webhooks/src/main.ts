import { join } from 'node:path'
import { expiredIdempotencyKeys } from '@pp/db'
import { runService } from '@pp/service'
import { platformConfigClient } from './clients/platform.js'
import { deliverySettingsOf, loadWebhooksConfig } from './config.js'
import { open, openDb, openSql } from './db/client.js'
import { deliveriesHeldWithoutEndpoint, finishedDeliveries } from './db/delivery-log.db.js'
import { createPostWebhook } from './domain/delivery/http-post.js'
import { resumeOrphanedBacklogs } from './domain/delivery/endpoint-pause.js'
import { startDeliveryWorker } from './domain/delivery/worker.js'
import { endpointDirectory } from './domain/endpoint/endpoint-directory.js'
import { followKeyRotations } from './domain/signing/follow-rotations.js'
import { keyEncryption } from './domain/signing/key-encryption.js'
import { loadSigningKeys } from './domain/signing/signing-keys.js'
import { startEventConsumer } from './events/event-consumer.js'
import { reportBacklog } from './metrics.js'
import { buildWebhooksServer } from './rpc/server.js'

const config = loadWebhooksConfig()
// Prisma serves the log and other cold paths; the hot path has its own pools, queueing and attempts,
// 20 connections between them as one pool had (the mesh shares one server's max_connections)
const DB_POOL_MAX = 5
const SQL_POOL_MAX = 12
const ATTEMPTS_SQL_POOL_MAX = 8

runService({
  name: 'webhooks',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  pruned: [
    finishedDeliveries(config.WEBHOOK_DELIVERY_RETENTION_MS),
    deliveriesHeldWithoutEndpoint(config.WEBHOOK_HELD_WITHOUT_ENDPOINT_MS),
    expiredIdempotencyKeys(config.IDEMPOTENCY_KEY_TTL_MS),
  ],
  async start({ logger, nats, verifier, dependencies }) {
    const db = openDb(config.DATABASE_URL, DB_POOL_MAX)
    const sql = openSql(config.DATABASE_URL, SQL_POOL_MAX)
    const attemptsSql = openSql(config.DATABASE_URL, ATTEMPTS_SQL_POOL_MAX, { synchronousCommit: false })
    reportBacklog(sql)
    const encryptionKey = config.WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY
    const keys = await loadSigningKeys(db, encryptionKey && keyEncryption(encryptionKey, config.WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS))
    if (!encryptionKey) logger.warn('WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY is unset: signing keys are stored unencrypted')
    const rotations = followKeyRotations(keys, config.DATABASE_URL, logger)
    const platform = platformConfigClient(config.PLATFORM_GRPC_ADDRESS)
    const deps = { db, sql, attemptsSql, keys, endpointDirectory: endpointDirectory(sql, platform), post: createPostWebhook(undefined, { allowLoopback: config.WEBHOOK_LOOPBACK_ALLOWED }), settings: deliverySettingsOf(config) }
    await resumeOrphanedBacklogs(deps)
    const worker = startDeliveryWorker(deps, logger, config.DATABASE_URL)
    const consumer = nats.whenServing('event consumer', (connection) =>
      startEventConsumer({
        nats: connection, deps, worker, logger, durableName: config.WEBHOOK_CONSUMER_NAME,
        filterSubject: config.WEBHOOK_EVENTS_SUBJECT,
        verifier,
        startTime: config.EVENTS_CONSUMER_START_TIME,
      }),
    )
    const server = await buildWebhooksServer(deps, config.GRPC_ADDRESS, logger, dependencies, config.OPERATOR_GRPC_ADDRESS)
    return [() => server.shutdown(), () => consumer.stop(), () => worker.stop(), () => rotations.stop(), () => platform.close(), () => sql.end(), () => attemptsSql.end(), () => open(db).$disconnect()]
  },
})
