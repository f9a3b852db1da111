// The two mails of registration: the code, and the notice that wrong codes locked the address.
import { CODE_TTL_MS, LOCK_MS, MAX_WRONG_PER_DAY } from '../codes/code'
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
      `Codes sent earlier to this address keep working until they expire. After ${MAX_WRONG_PER_DAY} wrong codes within 24 hours,`,
      `the address is locked for ${LOCK_MS / 3_600_000} hours: no code is accepted and no new one is sent.`,
      '',
      'If you did not ask for this code, ignore this message.',
    ].join('\n'),
  }
}

/** The mail that tells the owner of an address that it is locked. */
export function lockMail(email: string, until: Date) {
  return {
    to: email,
    subject: 'MCP Server Directory: confirmation codes locked for 24 hours',
    text: [
      `${MAX_WRONG_PER_DAY} wrong confirmation codes were tried for this address within 24 hours.`,
      '',
      `Until ${until.toISOString()} (${LOCK_MS / 3_600_000} hours), no code is accepted for it and no new code is sent.`,
      'Nothing was issued. If these tries were not yours, someone tried to guess a code sent to you; no action is needed.',
    ].join('\n'),
  }
}
