// Remotes for users' clients: none on the user's own machine or network, whatever the spelling of the address.
import { describe, expect, test } from 'bun:test'
import { privateRemoteReason, privateRemotesReason } from '../src/outbound'

describe('privateRemoteReason', () => {
  test.each([
    'http://127.0.0.1:8080/mcp',
    'https://[::1]:8443/mcp',
    'http://localhost:3000/mcp',
    'http://LOCALHOST./mcp',
    'http://api.localhost/mcp',
    'http://printer.local/mcp',
    'http://vault.corp.internal/mcp',
    'http://nas.home.arpa/mcp',
    'http://10.0.0.5/mcp',
    'http://172.16.3.4/mcp',
    'http://192.168.1.1/mcp',
    'http://169.254.169.254/latest',
    'http://[fe80::1]/mcp',
    'http://[fd12:3456::1]/mcp',
    'http://[::ffff:127.0.0.1]/mcp',
    'http://0x7f.1/mcp',
    'http://2130706433/mcp',
    'http://127.1/mcp',
    'http://0.0.0.0/mcp',
  ])('%s is refused', (url) => {
    expect(privateRemoteReason(url, false)).toBeString()
  })

  test.each([
    'https://mcp.example.com/mcp',
    'https://8.8.8.8/mcp',
    'https://[2606:4700::1111]/mcp',
    'https://{tenant}.example.com/mcp',
    'not a url',
  ])('%s is not', (url) => {
    expect(privateRemoteReason(url, false)).toBeNull()
  })

  test('OUTBOUND_ALLOW_PRIVATE=1 allows them, but never a cloud metadata address', () => {
    expect(privateRemoteReason('http://127.0.0.1:8080/mcp', true)).toBeNull()
    expect(privateRemoteReason('http://localhost/mcp', true)).toBeNull()
    expect(privateRemoteReason('http://169.254.169.254/latest', true)).toContain('metadata')
  })

  test('the first refused remote of a list is named by its place', () => {
    const remotes = [{ url: 'https://mcp.example.com/mcp' }, { url: 'http://[::1]/sse' }]
    expect(privateRemotesReason(remotes, false)).toStartWith('remotes[1]: ')
  })
})
