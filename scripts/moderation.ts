// `bun run admin list|approve|reject|flag …`: the moderation queue from a terminal, through the operator API of a
// running directory (contract §3), with OPERATOR_TOKEN. Output is meant for people; `--json` prints the raw answer.
//   admin list [--status pending|rejected|flagged|active] [--limit N] [--api <base-url>] [--json]
//   admin approve <id> [--api <base-url>]
//   admin reject <id> [--reason "…"] [--api <base-url>]
//   admin flag <id> [--reason "…"] [--api <base-url>]

/** Options shared by the moderation verbs. */
interface Flags {
  api: string
  status: string
  limit: string
  reason: string | null
  json: boolean
  rest: string[]
}

function parseFlags(args: string[]): Flags {
  const f: Flags = { api: 'http://localhost:3000', status: 'pending', limit: '50', reason: null, json: false, rest: [] }
  for (let i = 0; i < args.length; i++) {
    const a = args[i]
    const value = () => {
      const v = args[++i]
      if (v === undefined) fail(`${a} needs a value`)
      return v
    }
    if (a === '--api') f.api = value().replace(/\/+$/, '')
    else if (a === '--status') f.status = value()
    else if (a === '--limit') f.limit = value()
    else if (a === '--reason') f.reason = value()
    else if (a === '--json') f.json = true
    else f.rest.push(a)
  }
  return f
}

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

async function request(f: Flags, method: string, path: string, body?: unknown) {
  const token = process.env.OPERATOR_TOKEN
  if (!token) fail('set OPERATOR_TOKEN to the operator token of the directory')
  let res: Response
  try {
    res = await fetch(`${f.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (err) {
    fail(`cannot reach ${f.api}: ${err instanceof Error ? err.message : String(err)}`)
  }
  const out = (await res.json().catch(() => null)) as Record<string, unknown> | null
  if (!res.ok) fail(`${res.status} ${out?.error ?? ''}: ${out?.message ?? res.statusText}`)
  return out!
}

const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n))

/** Runs one moderation verb; resolves when its output is printed. */
export async function runModeration(verb: string, args: string[]): Promise<void> {
  const f = parseFlags(args)
  if (verb === 'list') {
    const q = new URLSearchParams({ status: f.status, limit: f.limit })
    const out = (await request(f, 'GET', `/api/v1/admin/listings?${q}`)) as { total: number; listings: { id: string; name: string; url: string; status: string; reason: string | null; createdAt: string }[] }
    if (f.json) return void console.log(JSON.stringify(out, null, 2))
    console.log(`${out.total} ${f.status} listing${out.total === 1 ? '' : 's'}${out.total > out.listings.length ? ` (newest ${out.listings.length} shown)` : ''}`)
    if (!out.listings.length) return
    console.log(`${pad('ID', 32)}  ${pad('SUBMITTED', 16)}  ${pad('NAME', 36)}  URL`)
    for (const l of out.listings) {
      console.log(`${pad(l.id, 32)}  ${pad(l.createdAt.slice(0, 16).replace('T', ' '), 16)}  ${pad(l.name, 36)}  ${l.url}${l.reason ? `  (reason: ${l.reason})` : ''}`)
    }
    return
  }
  const id = f.rest[0]
  if (!id) fail(`usage: bun run admin ${verb} <id>${verb === 'approve' ? '' : ' [--reason "…"]'} [--api <base-url>]`)
  const out = await request(f, 'POST', `/api/v1/admin/listings/${encodeURIComponent(id)}/${verb}`, f.reason === null ? undefined : { reason: f.reason })
  if (f.json) return void console.log(JSON.stringify(out, null, 2))
  const past = { approve: 'approved', reject: 'rejected', flag: 'flagged' }[verb] ?? verb
  console.log(`${past} ${out.id} (${out.name}): ${out.from} → ${out.status}${out.reason ? `, reason: ${out.reason}` : ''}`)
}
