import { submitServer } from '@mcp-directory/submission/contracts'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { answer, type PageAnswer } from '../../answer'
import { tryCall } from '../../api'
import type { PageContext } from '../../context'
import { readForm } from '../../forms'
import { html } from '../../html'
import { submitForm, submitPage } from './contract'
import { FIELDS, type SubmitValues, submissionBody, submitBody, submittedBody } from './view'

/** The submission of a posted form: its answer, or the form again with the API's messages per field. */
async function submit(ctx: PageContext, request: Request): Promise<PageAnswer> {
  // A post another site made the browser send would submit on the visitor's address and quota.
  const refused = ctx.refuseCrossSite(request)
  if (refused) return refused
  const form = await readForm(request)
  const caller = ctx.callerOf(request)
  if (!form)
    return ctx.page(
      'Submit a server',
      html`<h1>Submit a server</h1><p>The form could not be read (too large, or not a form).</p>`,
      { status: 413, current: 'submit' },
    )
  const values = Object.fromEntries(FIELDS.map((f) => [f, (form.get(f) ?? '').slice(0, 10_000)])) as SubmitValues
  const r = await tryCall(ctx.api, submitServer, { body: submissionBody(values) }, caller)
  // The answer carries the claim secret: never cached, never sent on as a Referer.
  if (r.ok)
    return ctx.page(`Submitted ${r.data.name}`, submittedBody(r.data), {
      noStore: true,
      referrerPolicy: 'no-referrer',
      current: 'submit',
    })
  if (r.status === 429 || r.status >= 500) return ctx.errorPage(r.status, r.error, r.headers)
  return ctx.page('Submit a server', submitBody(values, await ctx.categoriesFor(caller), r.error), {
    status: r.status,
    noStore: true,
    current: 'submit',
  })
}

/** `/submit`: the submission form, and its post (the submit endpoint validates it; its messages go per field). */
export function submitRoutes(ctx: PageContext) {
  return new Elysia()
    .use(
      mount(submitPage, async ({ request, set }) => {
        const values = Object.fromEntries(FIELDS.map((f) => [f, ''])) as SubmitValues
        const categories = await ctx.categoriesFor(ctx.callerOf(request))
        return answer(set, ctx.page('Submit a server', submitBody(values, categories, null), { current: 'submit' }))
      }),
    )
    .use(mount(submitForm, async ({ request, set }) => answer(set, await submit(ctx, request)), { parse: 'none' }))
}
