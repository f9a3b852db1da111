// The two mails of registration: the code, and the notice that too many wrong codes were tried for the address.
import { CODE_TTL_MS, LOCK_MS, MAX_CONFIRM_ATTEMPTS, MAX_WRONG_PER_DAY } from '../codes/code'
import type { IssuedCode } from './service'

/** `s` as one shell word in single quotes: an address may hold `'`, `&` or `$`, and the mail shows a command. */
const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`

/** The mail that carries a confirmation code and the command that confirms it. */
export function codeMail(baseUrl: string, issued: IssuedCode) {
  const confirm = JSON.stringify({ email: issued.email, code: issued.code })
  return {
    to: issued.email,
    subject: `Your MCP Server Directory code: ${issued.code}`,
    text: [
      `Your confirmation code is ${issued.code}`,
      '',
      `It expires in ${CODE_TTL_MS / 60_000} minutes (${issued.expiresAt.toISOString()}) and gives a token with ${
        issued.scopes.length ? `the scopes: ${issued.scopes.join(', ')}` : 'no scope (it can only revoke itself)'
      }. Confirm with:`,
      '',
      `curl -X POST ${baseUrl}/api/v1/agent/register/confirm -H 'Content-Type: application/json' -d ${shellQuote(confirm)}`,
      '',
      `Codes sent earlier to this address keep working until they expire. Confirm from the client that asked for`,
      `the code: only its wrong tries count against the code (${MAX_CONFIRM_ATTEMPTS}), and others' wrong tries never lock you out.`,
      '',
      'If you did not ask for this code, ignore this message.',
    ].join('\n'),
  }
}

/** The mail that tells the owner of an address that its wrong tries reached the daily cap. */
export function lockMail(email: string, until: Date) {
  return {
    to: email,
    subject: 'MCP Server Directory: too many wrong confirmation codes for your address',
    text: [
      `${MAX_WRONG_PER_DAY} wrong confirmation codes were tried for this address within 24 hours.`,
      '',
      `Until ${until.toISOString()} (${LOCK_MS / 3_600_000} hours), a code is accepted only from the client that asked for it,`,
      'once. You can still register and confirm from your own client. Nothing was issued; if these tries were not',
      'yours, someone tried to guess a code sent to you, and no action is needed.',
    ].join('\n'),
  }
}
