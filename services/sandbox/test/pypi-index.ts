// A PyPI index on loopback (the simple API, the JSON API and the files) serving wheels built here, and sdists, so
// the sandbox installs Python packages with the real pip and never the network.
import { spawnSync } from 'node:child_process'

/** A wheel: its name (letters only: it is the module's and the console script's), version, `Requires-Dist` lines and, for a server, the Python source of its module. */
export interface Wheel {
  name: string
  version?: string
  requires?: string[]
  source?: string
}

// Built with Python's zipfile: METADATA, WHEEL, entry_points.txt (a console script named like the package: `main`),
// RECORD, and the module.
const BUILD = `import json, sys, zipfile, io
w = json.load(sys.stdin)
di = '%s-%s.dist-info' % (w['name'], w['version'])
files = {
  w['name'] + '/__init__.py': w.get('source') or 'def main():\\n    pass\\n',
  di + '/METADATA': 'Metadata-Version: 2.1\\nName: %s\\nVersion: %s\\n%s' % (w['name'], w['version'], ''.join('Requires-Dist: %s\\n' % r for r in w.get('requires', []))),
  di + '/WHEEL': 'Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n',
  di + '/entry_points.txt': '[console_scripts]\\n%s = %s:main\\n' % (w['name'], w['name']),
}
files[di + '/RECORD'] = ''.join('%s,,\\n' % f for f in list(files) + [di + '/RECORD'])
out = io.BytesIO()
with zipfile.ZipFile(out, 'w') as z:
  for f, text in files.items(): z.writestr(f, text)
sys.stdout.buffer.write(out.getvalue())
`

function buildWheel(w: Wheel & { version: string }): Buffer {
  const r = spawnSync('python3', ['-c', BUILD], { input: JSON.stringify(w) })
  if (r.status !== 0) throw new Error(`building ${w.name}: ${r.stderr}`)
  return r.stdout
}

/** Serves the wheels; `url` is the JSON API's base (`…/pypi`), as PYPI_URL names it. */
export function startPypiIndex(wheels: Wheel[]) {
  const built = new Map(
    wheels.map((w) => {
      const version = w.version ?? '1.0'
      return [
        w.name,
        { ...w, version, file: `${w.name}-${version}-py3-none-any.whl`, bytes: buildWheel({ ...w, version }) },
      ]
    }),
  )
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const path = new URL(req.url).pathname
      const json = /^\/pypi\/([^/]+)\/json$/.exec(path)?.[1]
      const simple = /^\/simple\/([^/]+)\/$/.exec(path)?.[1]
      const file = /^\/files\/(.+)$/.exec(path)?.[1]
      const w = built.get(json ?? simple ?? '') ?? [...built.values()].find((b) => b.file === file)
      if (!w) return new Response('Not Found', { status: 404 })
      if (json) return Response.json({ info: { name: w.name, version: w.version, requires_dist: w.requires ?? null } })
      if (simple)
        return new Response(`<html><body><a href="/files/${w.file}">${w.file}</a></body></html>`, {
          headers: { 'content-type': 'text/html' },
        })
      return new Response(w.bytes)
    },
  })
  return { url: `http://127.0.0.1:${server.port}/pypi`, close: () => server.stop(true) }
}

/** A minimal MCP server over stdio in Python (newline-delimited JSON-RPC): initialize and tools/list. */
export const PYTHON_SERVER = `import json, sys
def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        if 'id' not in msg:
            continue
        if msg['method'] == 'initialize':
            out = {'result': {'protocolVersion': msg['params']['protocolVersion'], 'capabilities': {'tools': {}}, 'serverInfo': {'name': 'stand-in', 'version': '1.0.0'}}}
        elif msg['method'] == 'tools/list':
            out = {'result': {'tools': [{'name': 'hello', 'description': 'Says hello', 'inputSchema': {'type': 'object'}}]}}
        else:
            out = {'error': {'code': -32601, 'message': 'Method not found'}}
        sys.stdout.write(json.dumps({'jsonrpc': '2.0', 'id': msg['id'], **out}) + '\\n')
        sys.stdout.flush()
`
