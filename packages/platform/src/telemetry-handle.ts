/**
 * Where the telemetry module leaves its running SDK, so the service bootstrap can flush it on
 * shutdown without importing (and thereby starting) telemetry itself.
 */
export interface TelemetryHandle {
  shutdown(): Promise<void>;
}

let handle: TelemetryHandle | null = null;

/** Called by `@market/platform/telemetry` once the SDK runs. */
export function setTelemetryHandle(h: TelemetryHandle): void {
  handle = h;
}

/** The running SDK, or null when telemetry was not imported or is disabled. */
export function getTelemetryHandle(): TelemetryHandle | null {
  return handle;
}
