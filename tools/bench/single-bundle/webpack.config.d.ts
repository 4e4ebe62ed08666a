// Types of webpack.config.js (plain JavaScript like the frontends' configurations).
import type { Configuration } from 'webpack';

export declare const SINGLE_FRONTENDS_DIR: string;
export declare const SINGLE_DIST: string;
export declare const withoutRemotesScript: (html: string) => string;
declare const config: (env?: Record<string, unknown>, argv?: { mode?: 'production' | 'development' }) => Configuration;
export default config;
