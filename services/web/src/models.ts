// Page inputs (query parameters, form fields) are TypeBox models, declared once in each page's model.ts. A page
// answers a mismatch with its own page (a 404, the claim page's notice, the pending queue), never a JSON 400, so
// the values are checked here rather than by Elysia's route validation.
import { type Static, type TObject, type TSchema, Type as t } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

export { t }

/**
 * The model's fields read from URL parameters or a form, each as `URLSearchParams.get` gives it (the first value;
 * an absent one left out), or null when they do not match the model.
 */
export function readFields<T extends TObject>(model: T, from: URLSearchParams): Static<T> | null {
  const values: Record<string, string> = {}
  for (const key of Object.keys(model.properties)) {
    const v = from.get(key)
    if (v !== null) values[key] = v
  }
  return Value.Check(model, values) ? (values as Static<T>) : null
}

/** Whether a value matches a model. */
export const matches = <T extends TSchema>(model: T, value: unknown): value is Static<T> => Value.Check(model, value)
