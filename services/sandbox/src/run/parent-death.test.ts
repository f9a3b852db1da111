// A box started through diesWithThisProcess keeps its parent-death signal through the change of user, and a box
// whose starter is no longer its parent does not start at all.
import { expect, test } from 'bun:test'
import { diesWithThisProcess } from './parent-death'

const asRoot = process.getuid?.() === 0

const run = async (argv: string[]) => {
  const proc = Bun.spawn(argv, { stdout: 'pipe', stderr: 'pipe', env: { PATH: '/usr/bin:/bin' } })
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  return { out, code }
}

test('the parent-death signal is still set once the box runs as the sandbox user', async () => {
  const { out, code } = await run(diesWithThisProcess(['setpriv', '--dump'], asRoot))
  expect(code).toBe(0)
  expect(out).toContain('Parent death signal: KILL')
  if (asRoot) expect(out).toMatch(/uid: 65534/)
})

test('started by anyone but this process, the box does not start', async () => {
  // A shell in between: the guard's parent is that shell, as it would be init after this process died.
  const { out, code } = await run(['sh', '-c', '"$@"; exit $?', 'sh', ...diesWithThisProcess(['echo', 'ran'], false)])
  expect(code).toBe(125)
  expect(out).not.toContain('ran')
})
