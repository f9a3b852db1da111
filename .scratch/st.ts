import { startStack } from '../scripts/stack-runner'
import { isolatedEnv } from '@mcp-directory/shared/testing'
const s = startStack({ env: { ...isolatedEnv('dbg1', 'postgres://postgres@127.0.0.1:5432/mcpdir_scratch'), RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'error' }, gatewayPort: 3950, portOffset: 2300 })
await s.ready(20000).then(()=>console.log('ready')).catch(e=>console.log('ERR', e.message))
await s.stop()
