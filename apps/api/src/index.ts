export { startApi, PortInUseError, type RunningApi, type StartApiOptions } from './server.ts';
export type { ApiRoute } from './http/app.ts';
