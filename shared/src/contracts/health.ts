/**
 * One spelling of health. The API's value (`health` in JSON, the prober's facts) is lower-case; people read it
 * capitalised — the Markdown document's marker `[Health: Active]` (directory API §2.7) and the listing page's mark.
 */
export const HEALTH_VALUES = ['active', 'degraded', 'down', 'unknown'] as const

/** A health value of the API. */
export type HealthValue = (typeof HEALTH_VALUES)[number]

/** How a health value is shown: `down` → `Down` (the Markdown marker and the pages use this). */
export function healthLabel(value: string): string {
  const v = value.trim().toLowerCase()
  return v ? `${v.charAt(0).toUpperCase()}${v.slice(1)}` : ''
}
