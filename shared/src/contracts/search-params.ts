import { invalidParameter } from '../errors'

/** Validated search parameters (contract §6: never silently clamped or ignored). */
export interface SearchParams {
  q: string | null
  category: string | null
  limit: number
  transport: 'stdio' | 'remote' | null
  verified: boolean
  cursor: string | null
}

/** Longest accepted query string; longer ones are a client error, not a slow search. */
export const MAX_QUERY_LENGTH = 200

/** Parses search query parameters from a URL; throws a 400 `invalid_parameter` naming the bad one. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const one = (name: string): string | null => {
    const all = params.getAll(name)
    if (all.length > 1) throw invalidParameter(name, 'must be given at most once')
    return all[0] ?? null
  }
  const rawQ = one('q')
  const q = rawQ === null ? null : rawQ.trim()
  if (rawQ !== null && rawQ.length > MAX_QUERY_LENGTH)
    throw invalidParameter('q', `must be at most ${MAX_QUERY_LENGTH} characters`)
  const limitRaw = one('limit')
  let limit = 20
  if (limitRaw !== null) {
    if (!/^\d{1,3}$/.test(limitRaw) || Number(limitRaw) < 1 || Number(limitRaw) > 100)
      throw invalidParameter('limit', 'must be an integer from 1 to 100')
    limit = Number(limitRaw)
  }
  const transport = one('transport')
  if (transport !== null && transport !== 'stdio' && transport !== 'remote')
    throw invalidParameter('transport', 'must be "stdio" or "remote"')
  const verified = one('verified')
  if (verified !== null && verified !== '1') throw invalidParameter('verified', 'the only allowed value is "1"')
  const category = one('category')
  const cursor = one('cursor')
  if (cursor !== null && !/^[A-Za-z0-9_-]{1,200}$/.test(cursor))
    throw invalidParameter('cursor', 'is not a cursor this API returned')
  return { q: q === '' ? null : q, category, limit, transport, verified: verified === '1', cursor }
}
