/**
 * Whether a TCP port can be listened on, asked before a process starts anything (migrations, children), so a busy
 * port is one line rather than a failure after the work. Returns null when free, else why not ("in use", …).
 */
export function portInUse(host: string, port: number): string | null {
  try {
    const probe = Bun.listen({ hostname: host, port, socket: { data() {} } })
    probe.stop(true)
    return null
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'EADDRINUSE') return 'in use'
    if (code === 'EACCES') return 'not allowed to this user'
    if (code === 'EADDRNOTAVAIL') return 'not an address of this machine'
    return `not available (${code ?? String(err)})`
  }
}
