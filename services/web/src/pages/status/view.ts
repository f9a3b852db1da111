// "Is my server listed?": the form, and the API's status lookup told in people's words, with what to do next.
import type { listingStatus } from '@mcp-directory/catalog/contracts'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { html, type SafeHtml } from '../../html'
import { errorNotice } from '../common'
import { originWords } from '../origin'

/** What the status lookup answered, as its model types it. */
type StatusAnswer = SuccessOf<typeof listingStatus>

/** One listing the lookup found, as its model types it (any fields). */
type FoundListing = NonNullable<StatusAnswer['listings']>[number]

/** A field of a found listing, as text (absent: empty). */
const field = (l: FoundListing, key: string) => (typeof l[key] === 'string' ? (l[key] as string) : '')

const serverLink = (id: string) => html`<a href="/servers/${encodeURIComponent(id)}">${id}</a>`

/** What to do about a server the directory does not know. */
function unknownAdvice(base: string): SafeHtml {
  return html`<p>To list it, either:</p>
<ul>
<li><a href="/submit">Submit it</a> with its repository or website address; it is listed once the operator approves it.</li>
<li>Or publish it with the official registry's tool, <code>mcp-publisher</code>: log in with <code>--registry ${base}</code>
(GitHub, DNS or HTTP proof of your namespace), then <code>mcp-publisher publish</code>. A published server needs no review.</li>
</ul>`
}

/** The main answer, one state at a time. */
function stateBody(a: StatusAnswer, base: string): SafeHtml {
  switch (a.state) {
    case 'listed':
      return html`<div class="notice ok" role="status"><h2>Listed</h2>
<p>It is in the directory: ${a.id ? serverLink(a.id) : a.name}.</p></div>`
    case 'pending_moderation':
      return html`<div class="notice warn" role="status"><h2>Waiting for review</h2>
<p>${a.name ?? 'It'} was received and waits for the operator's review; it is listed once approved. Proving that you
own it (the claim link sent with the submission) approves it at once.</p></div>`
    case 'rejected':
      return html`<div class="notice bad" role="status"><h2>Not accepted</h2>
<p>The operator did not accept ${a.name ?? 'it'}.${a.reason ? html` The reason given: <q>${a.reason}</q>` : ' No reason was given.'}</p>
<p>If the reason no longer holds, fix it and submit it again, or publish it with <code>mcp-publisher</code>.</p></div>`
    case 'merged':
      return html`<div class="notice ok" role="status"><h2>Merged into another listing</h2>
<p>Its owner merged ${a.name ?? 'it'} into another listing of the same server:
${a.mergedInto ? serverLink(a.mergedInto) : 'the survivor'}. Its old address leads there.</p></div>`
    case 'conflicting':
      return html`<div class="notice warn" role="status"><h2>Waiting for the operator: two origins claim it</h2>
<p>An entry ${a.origin ? html`from <strong>${originWords(a.origin)}</strong>` : ''} has the same name as a listing
of another origin${a.heldBy ? html` (${serverLink(a.heldBy)})` : ''}. The operator decides which one holds it.</p>
${a.reason ? html`<p>Why: ${a.reason}</p>` : ''}</div>`
    default:
      return html`<div class="notice" role="status"><h2>Not known here</h2>
<p>The directory has no listing of that ${a.reason ? html`(${a.reason})` : 'address or name'}.</p>
${unknownAdvice(base)}</div>`
  }
}

const STATE_WORDS: Record<string, string> = {
  listed: 'listed',
  pending_moderation: 'waiting for review',
  rejected: 'not accepted',
  merged: 'merged',
}

/** Every listing found, when there is more than the one the answer is about. */
function otherListings(list: FoundListing[] | undefined): SafeHtml | '' {
  if (!list || list.length < 2) return ''
  const item = (l: FoundListing) => {
    const [id, state, mergedInto] = [field(l, 'id'), field(l, 'state'), field(l, 'mergedInto')]
    return html`<li>${state === 'listed' ? serverLink(id) : html`<code>${id}</code>`} — ${field(l, 'name')}:
${STATE_WORDS[state] ?? state}${mergedInto ? html` into ${serverLink(mergedInto)}` : ''}</li>`
  }
  return html`<h2>Every listing found</h2><ul>${list.map(item)}</ul>`
}

/** The page: the form (filled with what was asked) and, once asked, the answer or the API's refusal. */
export function statusBody(
  asked: { url: string; name: string },
  result: { answer: StatusAnswer } | { error: ErrorBody } | null,
  base = '',
): SafeHtml {
  return html`<h1>Is my server listed?</h1>
<p>Give its repository or website address, or its name, to learn whether it is listed, and if not, why.</p>
<form method="get" action="/status" class="status-form">
<div class="field"><label for="url">Repository or website address</label>
<input id="url" name="url" type="url" maxlength="2048" value="${asked.url}" placeholder="https://github.com/you/your-server"></div>
<div class="field"><label for="name">Or its name</label>
<input id="name" name="name" type="text" maxlength="200" value="${asked.name}" placeholder="io.github.you/your-server"></div>
<button type="submit">Look it up</button>
</form>
${
  result === null
    ? ''
    : 'error' in result
      ? errorNotice(result.error, 'The lookup was refused')
      : html`<section aria-label="Answer">${stateBody(result.answer, base)}${otherListings(result.answer.listings)}</section>`
}`
}
