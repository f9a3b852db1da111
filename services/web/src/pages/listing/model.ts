import { t } from '../../models'

/** The listing a page is asked for; a longer id, or a segment that does not decode (null), is no listing. */
export const ListingParams = t.Object({ id: t.String({ maxLength: 200 }) })
