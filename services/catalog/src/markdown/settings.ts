// The settings an install takes, in the Markdown document: one list item per required setting (what it is and the
// form of its value), the optional ones by name. Every value from the entry is escaped as inline text.
import type { InstallModel } from '@mcp-directory/shared/contracts'
import { type InstallSetting, installSettings } from '@mcp-directory/shared/install'
import { markdownInline as inline } from '@mcp-directory/shared/text'

const KIND: Readonly<Record<InstallSetting['kind'], string>> = {
  env: 'environment variable',
  argument: 'argument',
  header: 'header',
  url: 'URL variable',
}

function item(s: InstallSetting): string {
  const facts = [
    KIND[s.kind],
    ...(s.secret ? ['secret'] : []),
    ...(s.format ? [`format ${s.format}`] : []),
    ...(s.example ? [`e.g. ${inline(s.example)}`] : []),
    ...(s.default ? [`default ${inline(s.default)}`] : []),
    ...(s.choices?.length ? [`one of ${s.choices.map(inline).join(', ')}`] : []),
  ]
  const name = s.name !== s.variable ? ` (${inline(s.name)})` : ''
  return `- \`${s.placeholder}\`${name}: ${facts.join(', ')}${s.description ? `. ${inline(s.description)}` : ''}`
}

/** The settings paragraph after the snippet: what must be set, or that nothing is required. */
export function settingsParagraph(model: InstallModel): string {
  const settings = installSettings(model)
  const required = settings.filter((s) => s.required)
  const optional = settings.filter((s) => !s.required)
  const out = [
    required.length
      ? `Settings: needs ${required.length} (replace each placeholder in the snippet):`
      : 'Settings: nothing required.',
    ...required.map(item),
  ]
  if (optional.length) out.push(`Optional settings: ${optional.map((s) => inline(s.variable)).join(', ')}.`)
  return out.join('\n')
}
