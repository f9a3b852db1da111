// Which declared variable or argument a failing server's words name. (What a start reads of a server's tools is in
// shared/toolscan `listed.ts`: the prober reads remote servers the same way.)
import { placeholdersIn } from '@mcp-directory/shared/install'

/** The declared variable a text names, if any (word-bounded, so API_KEY does not match MY_API_KEY_2). */
export function namedVariable(text: string, variables: string[]): string | undefined {
  return variables.find((v) =>
    new RegExp(`(^|[^A-Za-z0-9_])${v.replace(/[^A-Za-z0-9_]/g, '')}([^A-Za-z0-9_]|$)`).test(text),
  )
}

/**
 * The placeholder argument a text names: the placeholder itself (`<postgres-url>`), or its words (`postgres url`,
 * `postgres_url`), so a server that printed what it was given, or what it needs, is told apart from a crash.
 */
export function namedArgument(text: string, args: string[]): string | undefined {
  const lower = text.toLowerCase()
  return placeholdersIn(args).find((p) => {
    const words = p.slice(1, -1).split('-')
    // One word (`<url>`) is too common to count on its own: only the placeholder itself does.
    return lower.includes(p) || (words.length > 1 && new RegExp(words.join('[\\s_-]?')).test(lower))
  })
}
