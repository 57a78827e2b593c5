import { chromium, type Browser } from 'playwright-core'

export type { Browser, Page } from 'playwright-core'

/** Debian's chromium package, run headless without the network chatter of a desktop browser. */
const CHROMIUM_PATH = '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
]

/**
 * A headless Chromium for browser tests. playwright-core is a dev dependency of the gateway (the
 * pages under test are the gateway's), so tests elsewhere in the repository launch it from here.
 */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
