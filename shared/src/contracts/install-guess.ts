import { Type as t } from '@sinclair/typebox'

/**
 * A search hit's guessed install (additive, with `client`): when the directory only guesses how to run a listing
 * (a package its README names, or its own repository run as it is), the command it guesses and why it is a guess,
 * so nothing says "guessed" without showing the guess. Null when the install is not a guess.
 */
export const InstallGuessHint = t.Union(
  [
    t.Object({
      command: t.String({ description: 'The guessed command, e.g. npx -y github:owner/repo' }),
      note: t.String({ description: 'Why it is only a guess, and what to check' }),
    }),
    t.Null(),
  ],
  { description: 'The guessed command and its note when the install is only guessed (then `line` is null)' },
)
