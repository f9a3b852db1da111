// Moderation's rules beyond the models: what a schema cannot say about a new listing, and waiting for the identity
// columns before any identity check.
import { InvalidInput, Unavailable } from '@mcp-directory/shared/errors'
import { describeFalseNamespace, invisibleCharacters, normalizeAddress } from '@mcp-directory/shared/identity'
import type { NewListingBody } from './model'
import type { NewListing } from './repository'

/**
 * A new listing's domain checks (the submission service refuses these first; checked again because the catalog is
 * the one that stores them), with its optional fields filled.
 */
export function newListingOf(body: NewListingBody): NewListing {
  const refuse = (field: string, message: string) => new InvalidInput(`${field} ${message}`, { field, message })
  if (invisibleCharacters(body.name).length)
    throw refuse('name', 'contains invisible or bidirectional control characters')
  const falseNamespace = describeFalseNamespace(body.name)
  if (falseNamespace) throw refuse('name', falseNamespace)
  const address = normalizeAddress(body.url)
  if (!address || (address.codeHost && !address.repository))
    throw refuse('url', 'must be a website or a repository address')
  return {
    ...body,
    tags: body.tags ?? [],
    license: body.license ?? null,
    authType: body.authType ?? null,
    pricingModel: body.pricingModel ?? null,
    maintenanceStatus: body.maintenanceStatus ?? null,
    compatibleClients: body.compatibleClients ?? [],
    supportUrl: body.supportUrl ?? null,
  }
}

/** A moderation reason as stored: trimmed, at most 1000 characters, none when empty. */
export const reasonOf = (reason: string | null | undefined) => reason?.trim().slice(0, 1000) || null

// Identity checks wait for the start-up fill of the identity columns, at most this long (then 503).
const IDENTITY_WAIT_MS = 10_000

/** Settles when the identity columns are filled; a 503 when that takes too long. */
export async function identitiesFilled(ready: Promise<void>) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), IDENTITY_WAIT_MS)
  })
  const outcome = await Promise.race([ready, timeout])
  clearTimeout(timer)
  if (outcome === 'timeout') throw new Unavailable('The catalog is unreachable; try again shortly', 1)
}
