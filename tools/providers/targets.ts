/**
 * What the contract checks run against on the provider sandbox: its fixed credentials and
 * seeded people (Margaret Sullivan 5101 in department 1; Carol Bennett, a caregiver).
 */
import type { AthenaConfig, AthenaHealthRecord } from '@portal/athena';
import type { AthenaCheckTarget } from './athena-checks.ts';

const usDate = (date: Date): string =>
  `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;

/** Two weeks from tomorrow: the sandbox has open slots on weekdays in that window. */
export const slotWindow = (now: Date = new Date()): { startDate: string; endDate: string } => ({
  startDate: usDate(new Date(now.getTime() + 86_400_000)),
  endDate: usDate(new Date(now.getTime() + 15 * 86_400_000)),
});

export const sandboxAthenaTarget = {
  config: (url: string): AthenaConfig => ({
    baseUrl: url,
    practiceId: '29391',
    clientId: 'portal-sandbox-client',
    clientSecret: 'portal-sandbox-secret',
    patientClientId: 'portal-patient-app',
  }),
  target: (record: AthenaHealthRecord, _sandbox?: unknown): AthenaCheckTarget => ({
    record,
    patientId: '5101',
    departmentId: '1',
    caregiverEmail: 'carol.bennett@example.com',
    search: { firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '04/12/1979' },
    slotWindow: slotWindow(),
  }),
};
