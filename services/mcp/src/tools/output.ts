// Output schemas of the tools, taken from the response models of the routes they call: a tool's structuredContent
// is that route's body (or a part of it), so its schema is the route's own model, never a re-declaration. Kept
// small: the shapes several tools share are named definitions referenced by `$ref`, objects stay open as the models
// leave them, and the Error object is not described per tool.
import {
  CategoryModel,
  ConfigEntry,
  type Contract,
  InstallInfo,
  SearchHit,
  ServerDetail,
  successStatus,
} from '@mcp-directory/shared/contracts'
import type { TObject, TRecord } from '@sinclair/typebox'
import { jsonOf } from './args'

type Json = Record<string, unknown>

/** The shared shapes, by name, as they appear inside the response models. */
const SHARED: [string, Json][] = [
  ['ServerDetail', jsonOf(ServerDetail)],
  ['SearchHit', jsonOf(SearchHit)],
  ['ConfigEntry', jsonOf(ConfigEntry)],
  ['InstallInfo', jsonOf(InstallInfo)],
  ['Category', jsonOf(CategoryModel)],
].map(([name, json]) => [name as string, json as Json])
const SHARED_TEXT = new Map(SHARED.map(([name, json]) => [JSON.stringify(json), name]))

/** A schema with each shared shape inside it replaced by a `$ref` to its definition in `defs`. */
function withRefs(node: unknown, defs: Json, top = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withRefs(n, defs))
  if (!node || typeof node !== 'object') return node
  const name = top ? undefined : SHARED_TEXT.get(JSON.stringify(node))
  if (name) {
    if (!(name in defs)) defs[name] = withRefs(node, defs, true)
    return { $ref: `#/$defs/${name}` }
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withRefs(v, defs)]))
}

/**
 * A tool's output schema from the response model of its route: the route's body on success, the Error object on
 * failure (isError). The SDK client validates structuredContent on both, so one open object admits either: `anyOf`
 * asks for every field the model requires, or for `error` and `message`. A success field named like an Error object
 * field also takes the Error object's type (submit's `status` is a string).
 */
export function toolOutput(answer: TObject | TRecord): Json {
  // A route answering an open record (the owners' changes): that open object admits the Error object as it is.
  if (!('properties' in answer)) return jsonOf(answer)
  const model = answer as TObject
  const defs: Json = {}
  const properties = Object.fromEntries(
    Object.entries(model.properties).map(([k, v]) => {
      const json = withRefs(jsonOf(v), defs) as Json
      return [k, k === 'status' ? { anyOf: [json, { type: 'integer' }] } : json]
    }),
  )
  const required = model.required ?? []
  return {
    type: 'object',
    properties,
    anyOf: [{ required }, { required: ['error', 'message'] }],
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  }
}

/** The model of an endpoint's success answer (its lowest 2xx status): the body a tool calling it answers. */
function successModel(contract: Contract): TObject | TRecord {
  const schema = contract.responses[successStatus(contract)]?.schema
  if (schema?.type !== 'object') throw new Error(`${contract.operationId}: its success answer is not a JSON object`)
  return schema as TObject | TRecord
}

/** The output schema of a tool that answers an endpoint's success body, from the endpoint's contract. */
export const contractOutput = (contract: Contract) => toolOutput(successModel(contract))
