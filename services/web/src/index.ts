/** The web service's public face: its factory and types. */
export { createWebApp, type WebDeps, type WebService } from './app'
