/** The sandbox service's public face: its factory and the start it runs. */
export { createSandboxApp, type SandboxDeps, type SandboxService } from './app'
export { bwrapArgs, DEFAULT_LIMITS, type SandboxLimits } from './run/bwrap'
export { startPackage, type StartOutcome, type StartRequest } from './run/start'

/** Whether bubblewrap can run here (all-in-one starts the in-process sandbox only then). */
export function bubblewrapAvailable(): boolean {
  if (!Bun.which('bwrap')) return false
  return (
    Bun.spawnSync(['bwrap', '--unshare-all', '--ro-bind', '/', '/', 'true'], { stdout: 'ignore', stderr: 'ignore' })
      .exitCode === 0
  )
}
