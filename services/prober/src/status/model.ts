import { Type as t } from '@sinclair/typebox'

/** `GET /internal/probes/:id`: the listing whose probe state is read. */
export const ProbeStateParams = t.Object({ id: t.String() })
