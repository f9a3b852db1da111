import { t } from '../../models'

/**
 * What the status page is asked: a repository or website address, or a server name (the API's own bounds; the
 * address wins when both are given, as in the API).
 */
export const StatusQuery = t.Object({
  url: t.Optional(t.String({ maxLength: 2048 })),
  name: t.Optional(t.String({ maxLength: 200 })),
})
