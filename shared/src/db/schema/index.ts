/** Every service's tables, grouped by the service that owns them (drizzle-kit reads this). */
export * from './catalog'
export { outboxTable } from './outbox'
