import { describe, expect, test } from 'bun:test'
import { AppError, Conflict, Forbidden, InvalidInput, isRefusal, NotFound } from '.'

describe('domain errors are plain facts', () => {
  test('they carry no status or address, and read as sentences in logs', () => {
    const held = new Conflict({
      field: 'url',
      existingId: 'acme',
      message: (page) => `Already listed as acme (${page})`,
    })
    expect(held.message).toBe('Already listed as acme (listing acme)')
    expect(held.facts).toMatchObject({ field: 'url', existingId: 'acme' })
    expect(new NotFound('Listing').message).toBe('Listing not found')
    expect(new NotFound().what).toBe('Resource')
    expect('status' in new Forbidden('no')).toBe(false)
    expect(new InvalidInput('url bad', { field: 'url', message: 'bad' }).detail).toEqual({
      field: 'url',
      message: 'bad',
    })
  })

  test('refusals (domain or HTTP) are told apart from failures of the server', () => {
    expect(isRefusal(new NotFound())).toBe(true)
    expect(isRefusal(new Conflict({ message: 'x' }))).toBe(true)
    expect(isRefusal(new AppError(400, 'bad_request', 'x'))).toBe(true)
    expect(isRefusal(new Error('x'))).toBe(false)
    expect(isRefusal('x')).toBe(false)
  })
})
