import { displayName, type PatientSession } from '../domain/patient-session.ts';

/** One entry of 'Who is this enrollment for?' (spec §2 practice location screen). */
export interface PatientContact {
  readonly id: string;
  readonly type: 'patient' | 'caregiver';
  readonly displayName: string;
  readonly displayEmail: string | null;
  readonly isCurrentPatient: boolean;
  readonly relationship: string | null;
}

/** The signed-in person first (the 'You' badge), then each patient the health record links to them. */
export const patientContacts = (session: Pick<PatientSession, 'person' | 'linkedPatients'>): PatientContact[] => [
  ...(session.person.patientId
    ? [
        {
          id: session.person.patientId,
          type: 'patient' as const,
          displayName: displayName(session.person),
          displayEmail: session.person.email,
          isCurrentPatient: true,
          relationship: null,
        },
      ]
    : []),
  ...session.linkedPatients.map((linked) => ({
    id: linked.patientId,
    type: 'caregiver' as const,
    displayName: displayName(linked.profile),
    displayEmail: linked.profile.email,
    isCurrentPatient: false,
    relationship: linked.relationship,
  })),
];
