// The agent-auth service's request and answer models, for its routes and the gateway alike.
export { CodeSent, ConfirmBody, RegisterBody, Scopes, TokenIssued } from './registrations/model'
export { Introspection, IntrospectBody, Success, TokenInfo } from './tokens/model'
