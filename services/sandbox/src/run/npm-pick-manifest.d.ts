// npm-pick-manifest ships no types: the one call the resolver makes (resolve.ts), typed as its README documents it.
declare module 'npm-pick-manifest' {
  interface PickOptions {
    defaultTag?: string
    before?: string | Date | null
    nodeVersion?: string
    npmVersion?: string | null
  }
  /** The manifest npm installs for `wanted` (a range, version or tag); throws (ETARGET) when none fits. */
  export default function pickManifest(packument: unknown, wanted: string, opts?: PickOptions): { version: string }
}
