// Writes the OpenAPI document the gateway serves at /docs/json to docs/api/openapi.json, so a change of the API
// shows in review as a change of that file (test/contract/openapi-snapshot.test.ts holds the two equal).
import { servedOpenApi, SNAPSHOT_PATH } from '../test/contract/openapi-document'

await Bun.write(SNAPSHOT_PATH, `${JSON.stringify(await servedOpenApi(), null, 2)}\n`)
console.log(`wrote ${SNAPSHOT_PATH}`)
