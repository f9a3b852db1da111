// What one sandbox start is asked, how it runs, what it found, and its state while it runs: what the start
// (start.ts) and the MCP session it holds (speak.ts) share.
import type { SandboxReport } from '@mcp-directory/shared/contracts'
import type { BoxCgroup, BoxLimitMode } from './boxlimits'
import type { SandboxLimits } from './bwrap'
import type { PackageRef, Registries } from './install'
import type { InstallLimits } from './installbox'
import type { InstallNetwork } from './netconfig'
import type { BoundedStdioTransport } from './stdio'

/** What to start. */
export interface StartRequest extends PackageRef {
  /** Environment variables the listing declares: each gets a placeholder value, nothing else is set. */
  variables: string[]
  /** Its arguments as the registry entry declares them, a required one as a placeholder (`<postgres-url>`). */
  arguments?: string[]
}

/**
 * What a start found: what the catalog is told of the run (which package it was is the caller's to say), and what
 * only tests and logs read.
 */
export interface StartOutcome extends Omit<SandboxReport, 'registryType' | 'identifier' | 'version' | 'guessed'> {
  /** The last of what it wrote to stderr (never reported: tests and logs only). */
  stderr: string
  /** Bytes it wrote to stdout. */
  stdoutBytes: number
}

/** How a start is run. */
export interface StartOptions {
  registries: Registries
  limits: SandboxLimits
  installTimeoutMs: number
  /** Run as nobody (needed for process limits when the service runs as root). */
  asNobody: boolean
  /** The operator's network configuration for installs (default: read from the environment). */
  net?: InstallNetwork
  /** Bounds of an install (default: 512 MiB, 100,000 files). */
  installLimits?: InstallLimits
  /** How the box as a whole is bounded (default: per process only). */
  boxLimits?: BoxLimitMode
}

// One start's state: what it starts and how, its timed steps, and what stops it (a stopping process kills it).
export interface StartContext {
  req: StartRequest
  opts: StartOptions
  steps: Record<string, number>
  started: number
  stopped: AbortController
  transport: BoundedStdioTransport | null
  cgroup: BoxCgroup | null
}
