import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig } from '../src/config'

describe('config', () => {
  test('defaults follow the contract', () => {
    const c = loadConfig({})
    expect(c.port).toBe(3000)
    expect(c.publicBaseUrl).toBe('http://localhost:3000')
    expect(c.databaseUrl).toBeNull()
    expect(c.dataDir).toBe('./.data')
    expect(c.mailFrom).toBe('no-reply@localhost')
    expect(c.rateLimitPerMinute).toBe(120)
    expect(c.rateLimitWritePerHour).toBe(20)
    expect(c.trustProxyHops).toBe(0)
    expect(c.githubApiUrl).toBe('https://api.github.com')
    expect(c.serviceUrls.catalog).toEqual(['http://127.0.0.1:3101'])
  })

  test('PUBLIC_BASE_URL follows PORT and loses trailing slashes', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080')
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://mcp.example.org/' }).publicBaseUrl).toBe('https://mcp.example.org')
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://mcp.example.org/' }).mailFrom).toBe('no-reply@mcp.example.org')
  })

  test('the registry upstream to follow, its interval and the registry API rate limit', () => {
    const c = loadConfig({})
    expect([c.registryUpstreamUrl, c.registrySyncMinutes, c.rateLimitRegistryPerMinute]).toEqual([null, 60, 120])
    const d = loadConfig({
      REGISTRY_UPSTREAM_URL: 'https://registry.modelcontextprotocol.io/',
      REGISTRY_SYNC_MINUTES: '15',
      RATE_LIMIT_REGISTRY_PER_MINUTE: '600',
    })
    expect([d.registryUpstreamUrl, d.registrySyncMinutes, d.rateLimitRegistryPerMinute]).toEqual([
      'https://registry.modelcontextprotocol.io',
      15,
      600,
    ])
    for (const [k, v] of [
      ['REGISTRY_UPSTREAM_URL', 'ftp://x'],
      ['REGISTRY_UPSTREAM_URL', 'https://x.example/?a=1'],
      ['REGISTRY_UPSTREAM_URL', 'https://u:p@x.example'],
      ['REGISTRY_SYNC_MINUTES', '0'],
      ['REGISTRY_SYNC_MINUTES', 'hourly'],
      ['RATE_LIMIT_REGISTRY_PER_MINUTE', '0'],
    ]) {
      expect(() => loadConfig({ [k]: v })).toThrow(k)
    }
  })

  test('several service URLs spread over replicas', () => {
    expect(loadConfig({ CATALOG_URL: 'http://a:1, http://b:2/' }).serviceUrls.catalog).toEqual([
      'http://a:1',
      'http://b:2',
    ])
  })

  test('every bad variable is named in one message', () => {
    let err: unknown
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://x',
        RATE_LIMIT_PER_MINUTE: '-1',
        DNS_SERVERS: 'not a server',
        OUTBOUND_ALLOW_PRIVATE: 'yes',
        CATALOG_URL: 'ftp://x',
      })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ConfigError)
    const msg = (err as Error).message
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'RATE_LIMIT_PER_MINUTE',
      'DNS_SERVERS',
      'OUTBOUND_ALLOW_PRIVATE',
      'CATALOG_URL',
    ])
      expect(msg).toContain(name)
    expect((err as ConfigError).problems.length).toBe(7)
  })

  test('accepted special values', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).databaseUrl).toBe('memory://')
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353,1.1.1.1' }).dnsServers).toEqual(['127.0.0.1:5353', '1.1.1.1'])
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '1' }).outboundAllowPrivate).toBe(true)
  })

  test('MCP_ALLOWED_ORIGINS is a list of origins, normalised as browsers send them', () => {
    expect(loadConfig({}).mcpAllowedOrigins).toEqual([])
    const c = loadConfig({
      MCP_ALLOWED_ORIGINS: ' https://App.Example.com:443/ , http://localhost:6274,https://app.example.com',
    })
    expect(c.mcpAllowedOrigins).toEqual(['https://app.example.com', 'http://localhost:6274'])
    for (const bad of [
      'app.example.com',
      'https://app.example.com/path',
      'https://a.example?x=1',
      'https://u:p@a.example',
      'ftp://a.example',
      'null',
      '*',
    ]) {
      expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: `https://ok.example,${bad}` })).toThrow('MCP_ALLOWED_ORIGINS')
    }
  })

  test('PROBE=off or an interval of 0 turns probing off; DEMO_CATALOG=0 skips the demo listings', () => {
    expect(loadConfig({}).probe.enabled).toBe(true)
    expect(loadConfig({}).demoCatalog).toBe(true)
    expect(loadConfig({ PROBE: 'off' }).probe.enabled).toBe(false)
    expect(loadConfig({ PROBE_INTERVAL_MINUTES: '0' }).probe.enabled).toBe(false)
    expect(loadConfig({ PROBE: 'on', PROBE_INTERVAL_MINUTES: '5' }).probe).toMatchObject({
      enabled: true,
      intervalMinutes: 5,
    })
    expect(loadConfig({ DEMO_CATALOG: '0' }).demoCatalog).toBe(false)
    for (const [k, v] of [
      ['PROBE', 'false'],
      ['PROBE', 'OFF '],
      ['DEMO_CATALOG', 'no'],
      ['PROBE_INTERVAL_MINUTES', '-1'],
    ]) {
      expect(() => loadConfig({ [k!]: v })).toThrow(k)
    }
  })
})
