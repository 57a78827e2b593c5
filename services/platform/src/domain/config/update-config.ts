import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { lockConfig, readConfig, replaceCurrencies, replaceFees, updateConfigRow } from '../../db/configs.db.js'
import { recordEvent } from '../../events/outbox.js'
import { PlatformEventType, type WebhookEndpointChangedData } from '../../events/types.js'
import type { PlatformDeps } from '../deps.js'
import type { ConfigUpdate, PlatformConfig, Tenant } from '../types.js'
import { validateConfigUpdate } from './config-rules.js'
import { configView, toPlatformConfig } from './config-view.js'
import { mergeCardTokenization, mergeEmbeddedWallet, mergeFees } from './merge.js'

/**
 * Applies a PATCH: omitted fields stay as they are, nested objects merge field-wise, fees upsert
 * by key, and a given currency list replaces the stored one. The change and its
 * PLATFORM.CONFIG_UPDATED event (with PLATFORM.WEBHOOK_ENDPOINT_CHANGED when the endpoint is
 * another) commit together; an invalid request changes nothing.
 */
export async function updateConfig(deps: PlatformDeps, tenant: Tenant, update: ConfigUpdate): Promise<PlatformConfig> {
  await validateConfigUpdate(update, { environment: tenant.environment, allowLoopback: deps.webhookLoopbackAllowed }, deps.resolveHost)
  return inTransaction(deps.db, async (tx) => {
    if (!(await lockConfig(tx, tenant, deps.now()))) throw new ApiError('PLATFORM_NOT_FOUND')
    const current = await currentConfig(tx, tenant)
    await updateConfigRow(tx, tenant, {
      umaDomain: update.umaDomain?.trim(),
      webhookEndpoint: update.webhookEndpoint,
      skipVerificationPaperwork: update.skipVerificationPaperwork,
      extendedWebhookTypes: update.extendedWebhookTypes,
      embeddedWalletConfig: update.embeddedWalletConfig && mergeEmbeddedWallet(current.embeddedWalletConfig, update.embeddedWalletConfig),
      cardTokenization2faConfig:
        update.cardTokenization2faConfig && mergeCardTokenization(current.cardTokenization2faConfig, update.cardTokenization2faConfig),
    })
    if (update.supportedCurrencies) await replaceCurrencies(tx, tenant, update.supportedCurrencies)
    if (update.feeConfigs) await replaceFees(tx, tenant, mergeFees(current.feeConfigs, update.feeConfigs))
    const updated = await currentConfig(tx, tenant)
    const view = configView(updated)
    await recordEvent(tx, tenant, PlatformEventType.configUpdated, view)
    if (updated.webhookEndpoint !== current.webhookEndpoint) {
      const change: WebhookEndpointChangedData = {
        webhookEndpoint: updated.webhookEndpoint, previousWebhookEndpoint: current.webhookEndpoint, updatedAt: view.updatedAt,
      }
      await recordEvent(tx, tenant, PlatformEventType.webhookEndpointChanged, change)
    }
    return updated
  })
}

async function currentConfig(tx: Tx, tenant: Tenant): Promise<PlatformConfig> {
  const record = await readConfig(tx, tenant)
  if (!record) throw new ApiError('PLATFORM_NOT_FOUND')
  return toPlatformConfig(record)
}
