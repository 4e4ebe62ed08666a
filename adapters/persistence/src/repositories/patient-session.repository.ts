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
import { AuthSessionModel, PendingAuthorizationModel } from '../models/index.ts';

const json = (value: unknown) => JSON.stringify(value);

export class PostgresPatientSessions implements PatientSessionRepository {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  #sessions() {
    return AuthSessionModel.query(this.#knex);
  }

  async create(session: PatientSession): Promise<void> {
    await this.#sessions().insert({
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

  /** The hottest read of the API: one fixed statement, without the query builder or Objection's model layer (decision 0039). */
  async find(id: string): Promise<PatientSession | null> {
    const { rows } = (await this.#knex.raw('SELECT * FROM auth_sessions WHERE id = ?', [id])) as { rows: AuthSessionModel[] };
    const row = rows[0];
    return row
      ? {
          id: row.id,
          fhirUser: row.fhirUser,
          person: row.person as PersonProfile,
          actingPatientId: row.actingPatientId,
          acting: row.acting as PersonProfile,
          linkedPatients: row.linkedPatients as LinkedPatient[],
          linksCheckedAt: row.linksCheckedAt,
          data: row.data as SessionData,
          createdAt: row.createdAt,
          lastSeenAt: row.lastSeenAt,
          absoluteExpiresAt: row.absoluteExpiresAt,
          revokedAt: row.revokedAt,
        }
      : null;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.#sessions().where({ id }).whereNull('revokedAt').patch({ lastSeenAt: at });
  }

  async saveData(id: string, data: SessionData): Promise<void> {
    await this.#sessions().where({ id }).patch({ data: json(data) });
  }

  async saveLinks(id: string, linkedPatients: readonly LinkedPatient[], checkedAt: Date): Promise<void> {
    await this.#sessions().where({ id }).patch({ linkedPatients: json(linkedPatients), linksCheckedAt: checkedAt });
  }

  async saveProfiles(id: string, person: PersonProfile, acting: PersonProfile): Promise<void> {
    await this.#sessions().where({ id }).patch({ person: json(person), acting: json(acting) });
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.#sessions().where({ id }).whereNull('revokedAt').patch({ revokedAt: at });
  }
}

export class PostgresPendingAuthorizations implements PendingAuthorizationRepository {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async save(pending: PendingAuthorization): Promise<void> {
    // Old, never-finished requests go with each new one.
    await PendingAuthorizationModel.query(this.#knex).where('expiresAt', '<', pending.createdAt).delete();
    await PendingAuthorizationModel.query(this.#knex).insert({ ...pending });
  }

  async consume(stateHash: string): Promise<PendingAuthorization | null> {
    // Delete-and-return: of two callbacks with one state, one gets the request.
    const rows = (await PendingAuthorizationModel.query(this.#knex).where({ stateHash }).delete().returning('*')) as unknown as PendingAuthorization[];
    return rows[0] ? { ...rows[0] } : null;
  }
}
