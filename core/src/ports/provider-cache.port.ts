import type { HealthRecordProvider } from './health-record.port.ts';

/** The practice's providers as last read from the health record (table provider_cache). */
export interface ProviderCache {
  read(departmentId: string): Promise<{ readonly providers: readonly HealthRecordProvider[]; readonly cachedAt: Date } | null>;
  write(departmentId: string, providers: readonly HealthRecordProvider[], at: Date): Promise<void>;
}
