import { bundleEntryPoints } from '@pp/testing/service-bundles'
import { meshServices, serviceEntry } from '../scripts/mesh/services.js'

/**
 * Bundles the gateway and every service once per run, so the processes tests start load in about
 * half the CPU (libs/testing/src/service-bundles.ts). Each project of vitest.config.ts lists this
 * setup; the first one to run bundles for the whole run. (It imports the bundler alone: each
 * project's setups load modules anew, and @pp/testing's database helpers register metrics that
 * may be registered once per process.)
 */
export default async function setup(): Promise<void> {
  await bundleEntryPoints([...meshServices.map(serviceEntry), 'gateway/src/main.ts'])
}
