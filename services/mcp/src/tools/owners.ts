// The owner's operations on a claimed listing (PATCH /api/v1/servers/{id}, POST …/status, …/transfer,
// …/transfer/accept): each takes its route's own params and body models, and the agent token that claimed the
// listing (or received it). Who may act is decided by the catalog behind the route: anyone else gets its 403.
import {
  acceptListingTransfer,
  editListing,
  offerListingTransfer,
  setListingMaintenance,
} from '@mcp-directory/catalog/contracts'
import { ServerParams } from '@mcp-directory/catalog/contracts'
import type { ToolAnnotations } from '@modelcontextprotocol/server'
import type { BodyOf } from '@mcp-directory/shared/contracts'
import { plain, quoted } from './plain'
import { type ArgSpecs, fromModel } from './args'
import { ID_HELP, TOKEN, tokenOf } from './common'
import { contractOutput } from './output'
import type { Args, Tool, ToolContext, ToolResult } from './tool'

// Edit and status replace stored values (destructive); calling them again with the same arguments leaves the listing
// as it was (idempotent; each call is still a history line). Edit reads npm or PyPI for new packages (open world).
const REPLACES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
}
// An offer changes no owner until it is accepted, and a repeat replaces it with the same offer.
const OFFERS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
}
// Accepting replaces the owner; the offer is used up, so a second call is refused.
const TAKES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
}

const OWNER_TOKEN = {
  ...TOKEN,
  description: `${TOKEN.description}. It must be the token of the agent that claimed the listing (or received it)`,
}
const idArg = (): ArgSpecs => fromModel(ServerParams, {}, ID_HELP)
/** A body model's fields as arguments; each one given replaces a stored value, so an empty string is judged too. */
const bodyArgs = (...a: Parameters<typeof fromModel>): ArgSpecs =>
  Object.fromEntries(Object.entries(fromModel(...a)).map(([name, spec]) => [name, { ...spec, emptyIsValue: true }]))
/** An owner's change that takes a body: editing, the maintenance status, a transfer offer. */
type OwnerChange = typeof editListing | typeof setListingMaintenance | typeof offerListingTransfer

/** Sends one owner change of listing `id` with the rest of the arguments as its body. */
async function ownerCall(
  a: Args,
  { api, caller }: ToolContext,
  contract: OwnerChange,
  said: (r: Record<string, unknown>) => string,
): Promise<ToolResult> {
  const { agentToken: _token, id, ...body } = a
  // The arguments met the body model's checks (args.ts); the endpoint checks them again.
  const input = { params: { id: String(id) }, body: body as BodyOf<typeof contract> }
  const r = await api.call(contract, input, tokenOf(a, caller))
  return { data: r, text: `Listing ${quoted(String(id))}: ${plain(said(r))}.` }
}

const list = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : '')

export const editMyServer: Tool = {
  name: 'edit_my_server',
  title: 'Edit my listing',
  description:
    "Owner only: changes a claimed listing's title, description, tags, category, website, packages or remotes; each field " +
    'given replaces the stored one. New npm/PyPI packages count only when their registry entry names the listing or links back to ' +
    'its repository. Needs the agent token that claimed it.',
  args: {
    ...idArg(),
    ...bodyArgs(
      editListing.body,
      {},
      {
        packages: { description: 'Replaces every package (npm or pypi); each is checked against its registry entry' },
        remotes: { description: 'Replaces every remote endpoint (https)' },
      },
    ),
    agentToken: OWNER_TOKEN,
  },
  output: contractOutput(editListing),
  annotations: { ...REPLACES, openWorldHint: true },
  call: (a, ctx) => ownerCall(a, ctx, editListing, (r) => `changed ${list(r.fields)}`),
}

export const setMyServerStatus: Tool = {
  name: 'set_my_server_status',
  title: 'Deprecate or archive my listing',
  description:
    'Owner only: marks a claimed listing deprecated or archived, with a message for its users, or active again. ' +
    'Needs the agent token that claimed it.',
  args: {
    ...idArg(),
    ...bodyArgs(
      setListingMaintenance.body,
      {},
      {
        status: { description: 'deprecated, archived, or active to clear the mark' },
        message: { description: 'What users should know (for example, what replaces it)' },
      },
    ),
    agentToken: OWNER_TOKEN,
  },
  output: contractOutput(setListingMaintenance),
  annotations: REPLACES,
  call: (a, ctx) =>
    ownerCall(
      a,
      ctx,
      setListingMaintenance,
      (r) => `maintenance status is now ${String(r.maintenanceStatus ?? 'active')}`,
    ),
}

export const transferMyServer: Tool = {
  name: 'transfer_my_server',
  title: 'Hand my listing to another agent',
  description:
    'Owner only: offers a claimed listing to another agent (its id: GET /api/v1/agent/me with its token), which takes it ' +
    'with accept_server_transfer within 7 days; until then you stay the owner. Needs the agent token that claimed it.',
  args: { ...idArg(), ...bodyArgs(offerListingTransfer.body), agentToken: OWNER_TOKEN },
  output: contractOutput(offerListingTransfer),
  annotations: OFFERS,
  call: (a, ctx) =>
    ownerCall(a, ctx, offerListingTransfer, (r) => `offered to agent ${String(r.to)} until ${String(r.expiresAt)}`),
}

export const acceptServerTransfer: Tool = {
  name: 'accept_server_transfer',
  title: 'Accept a listing handed to me',
  description:
    'Takes a listing another agent offered to yours with transfer_my_server; your agent becomes its owner. ' +
    'Needs the token of the agent it was offered to.',
  args: {
    ...idArg(),
    agentToken: { ...TOKEN, description: `${TOKEN.description}. The agent the listing was offered to` },
  },
  output: contractOutput(acceptListingTransfer),
  annotations: TAKES,
  async call(a, { api, caller }) {
    const id = String(a.id)
    const r = await api.call(acceptListingTransfer, { params: { id } }, tokenOf(a, caller))
    return { data: r, text: `Listing ${quoted(id)}: ${plain(`now owned by ${String(r.owner)}`)}.` }
  },
}
