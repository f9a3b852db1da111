import { describe, expect, test } from 'bun:test'
import type { SubmittedListing } from '../contracts'
import { AppError } from '../errors'
import { catalogClient } from '.'

const listing: SubmittedListing = {
  name: 'acme',
  url: 'https://github.com/acme/tool',
  description: 'A tool',
  category: 'Developer Tools',
  tags: [],
  license: null,
  authType: null,
  pricingModel: null,
  maintenanceStatus: null,
  compatibleClients: [],
  supportUrl: null,
}
const error = {
  error: 'conflict',
  message: 'This repository or address is already listed as acme (http://dir.test/servers/acme); …',
  status: 409,
  docs: 'http://dir.test/docs/errors#conflict',
  details: [{ field: 'url', existingId: 'acme', detailUrl: 'http://dir.test/servers/acme', message: 'already listed' }],
}
const answering = (status: number, body: unknown) =>
  catalogClient(async () => Response.json(body, { status })).createPending(listing)

describe('createPending reads the holder from the answer model', () => {
  test('a created listing', async () => {
    const created = { id: 'acme', name: 'acme', status: 'pending', createdAt: '2026-01-01T00:00:00.000Z' }
    expect(await answering(201, { listing: created })).toEqual({ created })
  })

  test('a 409 names the holder and keeps the Error object for the submitter as it is', async () => {
    const holder = { id: 'acme', field: 'url', adoptable: true }
    const outcome = await answering(409, { ...error, holder })
    if (!('refusal' in outcome)) throw new Error('expected a refusal')
    expect(outcome.holder).toEqual(holder as typeof outcome.holder)
    expect(outcome.refusal).toBeInstanceOf(AppError)
    expect(outcome.refusal).toMatchObject({
      status: 409,
      code: 'conflict',
      message: error.message,
      details: error.details,
    })
  })

  test('a 409 without a holder (an older catalog) adopts nothing; other refusals are thrown', async () => {
    expect(await answering(409, error)).toMatchObject({ holder: null })
    const refused = await answering(400, { error: 'invalid_body', message: 'url bad' }).catch((e) => e)
    expect(refused).toMatchObject({ status: 400, code: 'invalid_body', message: 'url bad' })
  })
})
