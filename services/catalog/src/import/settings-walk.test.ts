// Every required setting the official entries declare, walked end to end: read by the import, named by the install
// model's settings, given a placeholder in every client's config, and listed in the Markdown.
import { describe, expect, test } from 'bun:test'
import type { InstallModel, Listing } from '@mcp-directory/shared/contracts'
import { buildClientConfigs, deriveInstallModel, installSettings } from '@mcp-directory/shared/install'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { settingsParagraph } from '../markdown/settings'
import { normalizeEntry } from './entry'

// The forms a setting's variable V takes in a config: <V>, ${V} (Claude Code), ${input:v} (VS Code), or the name of
// the environment variable the client reads it from (Codex's bearer_token_env_var = "V", env_vars).
const standsIn = (text: string, v: string) =>
  text.includes(`<${v}>`) ||
  text.includes(`\${${v}}`) ||
  text.includes(`\${input:${v.toLowerCase()}}`) ||
  text.includes(`"${v}"`) ||
  text.includes(` ${v} `) ||
  text.endsWith(` ${v}`)

describe('the official entries: every required setting is asked for everywhere', () => {
  test('each declared required variable or header is a required setting with a placeholder in every config', async () => {
    const entries = await loadSharedData<unknown[]>('servers-official.json')
    let walked = 0
    let settings = 0
    for (const [i, raw] of entries.entries()) {
      const r = normalizeEntry(raw, i)
      if (!r.ok) continue
      const l = { ...r.listing, source: r.listing.source ?? 'official-registry' } as unknown as Listing
      const model: InstallModel | null = deriveInstallModel(l)
      if (!model) continue
      // A header's template (`Bearer {api_key}`) asks for its variables; anything else for itself.
      const declared =
        model.kind === 'local'
          ? model.env.filter((e) => e.isRequired === true && !e.value).map((e) => ({ name: e.name, value: '' }))
          : model.headers.filter((h) => h.isRequired === true).map((h) => ({ name: h.name, value: h.value ?? '' }))
      if (!declared.length) continue
      walked++
      const required = installSettings(model).filter((s) => s.required)
      const configs = buildClientConfigs(model, 'x') ?? []
      const markdown = settingsParagraph(model)
      expect(markdown).not.toContain('nothing required')
      for (const { name, value } of declared) {
        const s = required.find((x) => x.name === name || value.includes(`{${x.name}}`))
        if (!s) throw new Error(`${r.listing.name}: ${name} is not a required setting`)
        settings++
        expect(markdown).toContain(`\`${s.placeholder}\``)
        for (const c of configs) {
          if (!standsIn(`${c.snippet}\n${c.command ?? ''}`, s.variable))
            throw new Error(`${r.listing.name}: ${name} has no placeholder in ${c.client}`)
        }
      }
    }
    // The fixture declares hundreds of them; a walk over none would prove nothing.
    expect(walked).toBeGreaterThan(100)
    expect(settings).toBeGreaterThan(walked)
  })
})
