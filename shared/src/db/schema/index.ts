/** Every service's tables, grouped by the service that owns them (drizzle-kit reads this). */
export * from './catalog'
export * from './badge'
export * from './agent-auth'
export * from './submission'
export * from './prober'
export * from './takedowns'
export { outboxTable } from './outbox'
