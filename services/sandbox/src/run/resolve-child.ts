// The npm tree's resolution in a process of its own (see resolve-apart.ts): reads one request as JSON from its
// standard input, resolves, writes the Resolution as JSON to its standard output and exits. Its standard input
// stays open while the directory waits for the answer: when it closes (the directory ended, however it ended), this
// process ends too rather than running on as an orphan.
import { installNetwork } from './netconfig'
import { type NpmRuntime, type Resolution, resolveNpmTree } from './resolve'

/** What the directory asks for. */
export interface ResolveRequest {
  name: string
  range: string
  registry: string
  runtime: NpmRuntime
}

const reader = Bun.stdin.stream().getReader()
let input = ''
const decoder = new TextDecoder()
while (!input.includes('\n')) {
  const { value, done } = await reader.read()
  if (done) process.exit(2)
  input += decoder.decode(value, { stream: true })
  if (input.length > 64 * 1024) process.exit(2)
}
// From here on the end of the input means the directory is gone.
const gone = () => process.exit(2)
void reader.read().then(gone, gone)
const request = JSON.parse(input.slice(0, input.indexOf('\n'))) as ResolveRequest
const result: Resolution = await resolveNpmTree(
  request.name,
  request.range,
  request.registry,
  installNetwork(process.env),
  undefined,
  request.runtime,
)
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0))
