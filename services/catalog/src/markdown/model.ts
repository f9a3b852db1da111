import { t } from 'elysia'

/** The Markdown document of a listing (`/api/v1/mcp/:id/markdown`, `/mcp/:id`); its id, like detail's, has no model. */
export const MarkdownDocument = t.String({ description: 'text/markdown' })
