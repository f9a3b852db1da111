// The gateway forwards through the shared upstream (services reach each other the same way).
export {
  httpUpstream,
  inProcessUpstream,
  replicaList,
  systemResolveAll,
  UpstreamError,
  type ResolveAll,
  type ResolveOptions,
  type Upstream,
} from '@mcp-directory/shared/upstream'
