export { startApi, PortInUseError, type RunningApi, type StartApiOptions } from './server.ts';
export type { ApiRoute } from './http/app.ts';
export { readConfig, type AppConfig } from './config.ts';
export { createLogger, redactPhi, scrubText } from './logger.ts';
