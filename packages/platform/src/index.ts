/**
 * @market/platform: the kit every service uses. Import `@market/platform/telemetry`
 * first in `main.ts`, then use {@link runService} from here.
 */
export * from './config';
export * from './productionConfig';
export * from './logger';
export * from './errors';
export * from './mongo';
export * from './redis';
export * from './queues';
export * from './mail';
export * from './mailOnce';
export * from './shutdown';
export * from './service';
export * from './kafka/client';
export * from './kafka/publisher';
export * from './kafka/outbox';
export * from './kafka/consumer';
export * from './kafka/projection';
export * from './http/app';
export * from './http/caller';
export * from './http/attemptLimits';
export * from './http/callerProof';
export * from './http/listen';
export * from './http/metrics';
export * from './auth/session';
export * from './http/paging';
export * from './http/csv';
export * from './http/preconditions';
export * from './search';
