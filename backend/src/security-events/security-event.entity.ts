/**
 * The entity's old path, kept only because db/entities.ts (owned by the migrations branch, not
 * touched here) imports it; once that import names security-events.entities.ts, delete this.
 */
export { SecurityEvent } from './security-events.entities.ts';
