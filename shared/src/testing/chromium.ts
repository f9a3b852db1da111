// Debian's chromium, headless, as the browser tests start it: no sandbox (tests run as root), nothing that reaches
// out on its own (background networking, component updates, sync, QUIC), which this machine's closed network
// would refuse many times a second.
import { existsSync } from 'node:fs'

/** Where the browser tests find Debian's chromium (`apt-get install chromium`; .ci/run installs it). */
export const CHROMIUM = '/usr/bin/chromium'

/** Launch options for playwright-core's chromium: the executable and its quiet flags; throws when it is missing. */
export function headlessChromium() {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: run \`apt-get install -y chromium\` (bash .ci/run does this)`)
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  }
}
