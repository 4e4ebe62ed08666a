import type { Knex } from 'knex';
import type {
  LinkedPatient,
  PatientSession,
  PatientSessionRepository,
  PendingAuthorization,
  PendingAuthorizationRepository,
  PersonProfile,
  SessionData,
} from '@portal/core';

interface SessionRow {
  id: string;
  fhirUser: string | null;
  actingPatientId: string;
  person: PersonProfile;
  acting: PersonProfile;
  linkedPatients: LinkedPatient[];
  linksCheckedAt: Date;
  data: SessionData;
  createdAt: Date;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
}

const json = (value: unknown) => JSON.stringify(value);

export class KnexPatientSessionRepository implements PatientSessionRepository {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async create(session: PatientSession): Promise<void> {
    await this.#knex('auth_sessions').insert({
      id: session.id,
      fhirUser: session.fhirUser,
      personPatientId: session.person.patientId,
      actingPatientId: session.actingPatientId,
      person: json(session.person),
      acting: json(session.acting),
      linkedPatients: json(session.linkedPatients),
      linksCheckedAt: session.linksCheckedAt,
      data: json(session.data),
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      absoluteExpiresAt: session.absoluteExpiresAt,
      revokedAt: session.revokedAt,
    });
  }

  async find(id: string): Promise<PatientSession | null> {
    const row = (await this.#knex('auth_sessions').where({ id }).first()) as SessionRow | undefined;
    return row
      ? {
          id: row.id,
          fhirUser: row.fhirUser,
          person: row.person,
          actingPatientId: row.actingPatientId,
          acting: row.acting,
          linkedPatients: row.linkedPatients,
          linksCheckedAt: row.linksCheckedAt,
          data: row.data,
          createdAt: row.createdAt,
          lastSeenAt: row.lastSeenAt,
          absoluteExpiresAt: row.absoluteExpiresAt,
          revokedAt: row.revokedAt,
        }
      : null;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.#knex('auth_sessions').where({ id }).whereNull('revokedAt').update({ lastSeenAt: at });
  }

  async saveData(id: string, data: SessionData): Promise<void> {
    await this.#knex('auth_sessions').where({ id }).update({ data: json(data) });
  }

  async saveLinks(id: string, linkedPatients: readonly LinkedPatient[], checkedAt: Date): Promise<void> {
    await this.#knex('auth_sessions').where({ id }).update({ linkedPatients: json(linkedPatients), linksCheckedAt: checkedAt });
  }

  async saveProfiles(id: string, person: PersonProfile, acting: PersonProfile): Promise<void> {
    await this.#knex('auth_sessions').where({ id }).update({ person: json(person), acting: json(acting) });
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.#knex('auth_sessions').where({ id }).whereNull('revokedAt').update({ revokedAt: at });
  }
}

export class KnexPendingAuthorizationRepository implements PendingAuthorizationRepository {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async save(pending: PendingAuthorization): Promise<void> {
    // Old, never-finished requests go with each new one.
    await this.#knex('pending_authorizations').where('expiresAt', '<', pending.createdAt).delete();
    await this.#knex('pending_authorizations').insert({ ...pending });
  }

  async consume(stateHash: string): Promise<PendingAuthorization | null> {
    const rows = (await this.#knex('pending_authorizations').where({ stateHash }).delete().returning('*')) as PendingAuthorization[];
    return rows[0] ?? null;
  }
}
