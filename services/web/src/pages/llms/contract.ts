import { Type as t } from '@sinclair/typebox'
import { pageContract } from '../contract'

/** `/llms.txt`: the directory described for language models (llmstxt.org). */
export const llmsTxt = {
  ...pageContract('GET', '/llms.txt', 'llmsTxt', 'The directory described for language models'),
  responses: { 200: { description: 'The llms.txt document', type: 'text/plain', schema: t.String() } },
} as const
