// A minimal MCP server over stdio (newline-delimited JSON-RPC): answers initialize (with `instructions` when
// given) and tools/list.
module.exports = function serve(tools, onStart, instructions) {
  let buffer = ''
  process.stdin.setEncoding('utf8')
  process.stdin.on('data', async (chunk) => {
    buffer += chunk
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i)
      buffer = buffer.slice(i + 1)
      if (!line.trim()) continue
      const msg = JSON.parse(line)
      if (msg.id === undefined) continue
      let result
      if (msg.method === 'initialize')
        result = {
          protocolVersion: msg.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'stand-in', version: '1.0.0' },
          ...(instructions ? { instructions } : {}),
        }
      else if (msg.method === 'tools/list') result = { tools: typeof tools === 'function' ? await tools() : tools }
      else {
        process.stdout.write(
          `${JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } })}\n`,
        )
        continue
      }
      process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result })}\n`)
    }
  })
  if (onStart) onStart()
}
