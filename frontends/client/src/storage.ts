/**
 * What the portal keeps in browser storage and how it is cleared (enrollment-and-payment §3
 * 'Client-side data', §4 'Patient switch' and 'Logout'):
 * - client cleanup (logout, expired session) removes the portal's keys from localStorage and
 *   sessionStorage and raises a window 'sessionCleanup' event; the shell clears the query cache
 *   on it;
 * - a patient switch removes every key containing 'patient', 'enrollment' or 'appointment'
 *   (case-insensitive, so 'upcomingAppointments:123' goes too) and raises 'patientSwitched'.
 * Pure helpers take a storage object, so tests use an in-memory one.
 */

/** The guest identity and session keys of §3 (localStorage). */
export const PORTAL_STORAGE_KEYS = [
  'verifiedEmail',
  'verifiedPhone',
  'verificationTimestamp',
  'phoneVerificationTimestamp',
  'firebaseUid',
  'emailSessionToken',
  'emailBypassMode',
  'verificationToken',
  'lastKnownPatientId',
  'dualVerificationToken',
] as const;

/** The guest identity alone (§3): what a guest verification writes and an expired one removes. */
export const GUEST_IDENTITY_KEYS = PORTAL_STORAGE_KEYS.filter((key) => key !== 'lastKnownPatientId');

/** Keys the portal adds later should start with this, so cleanup finds them without a list. */
export const PORTAL_KEY_PREFIX = 'portal:';

/** The staff portal keeps its own session; a patient's logout leaves it alone. */
const STAFF_KEY_PREFIX = 'staff_';

export const PATIENT_DATA_KEY_PARTS = ['patient', 'enrollment', 'appointment'] as const;

export const LAST_KNOWN_PATIENT_ID_KEY = 'lastKnownPatientId';

/** Window event after a client cleanup; detail { reason }. */
export const SESSION_CLEANUP_EVENT = 'sessionCleanup';
/** Window event when the session's patient differs from the last known one; detail { previousPatientId, patientId }. */
export const PATIENT_SWITCHED_EVENT = 'patientSwitched';

export type CleanupReason = 'logout' | 'expired';

export interface SessionCleanupDetail {
  readonly reason: CleanupReason;
}

export interface PatientSwitchedDetail {
  readonly previousPatientId: string;
  readonly patientId: string;
}

/** The part of the Web Storage API the helpers use. */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** True for keys holding one patient's data: they must not outlive a switch to another patient. */
export const isPatientDataKey = (key: string): boolean => {
  const lower = key.toLowerCase();
  return PATIENT_DATA_KEY_PARTS.some((part) => lower.includes(part));
};

/** True for keys the client cleanup removes. */
export const isPortalStorageKey = (key: string): boolean => {
  if (key.startsWith(STAFF_KEY_PREFIX)) return false;
  return (PORTAL_STORAGE_KEYS as readonly string[]).includes(key) || key.startsWith(PORTAL_KEY_PREFIX) || isPatientDataKey(key);
};

export const storageKeys = (storage: StorageLike): string[] => {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
};

/** Removes the keys matching `predicate`; returns them. */
export const removeStorageKeys = (storage: StorageLike, predicate: (key: string) => boolean): string[] => {
  // Collect first: removing while walking by index skips keys.
  const keys = storageKeys(storage).filter(predicate);
  for (const key of keys) storage.removeItem(key);
  return keys;
};

/** localStorage and sessionStorage, leaving out any the browser blocks. */
export const browserStores = (): StorageLike[] => {
  const stores: StorageLike[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const store = (globalThis as Record<string, unknown>)[name] as StorageLike | undefined;
      if (store) stores.push(store);
    } catch {
      // Blocked storage (privacy settings): nothing to clear there.
    }
  }
  return stores;
};

/** Reads a key, treating blocked storage as empty. */
export const readStorage = (key: string, store: 'localStorage' | 'sessionStorage' = 'localStorage'): string | null => {
  try {
    const storage = (globalThis as Record<string, unknown>)[store] as StorageLike | undefined;
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

const dispatch = <T>(name: string, detail: T): void => {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<T>(name, { detail }));
};

/**
 * The client cleanup: removes the portal's keys from both storages, then raises
 * 'sessionCleanup' (the shell clears the query cache on it).
 */
export const runClientCleanup = (reason: CleanupReason = 'logout', stores: readonly StorageLike[] = browserStores()): void => {
  for (const store of stores) removeStorageKeys(store, isPortalStorageKey);
  dispatch<SessionCleanupDetail>(SESSION_CLEANUP_EVENT, { reason });
};

/** True when a patient id was known and the session now names a different one. */
export const isPatientSwitch = (lastKnownPatientId: string | null, patientId: string | null | undefined): boolean =>
  Boolean(lastKnownPatientId) && Boolean(patientId) && lastKnownPatientId !== patientId;

/**
 * Compares the session's patient with the last known one. On a switch, removes the previous
 * patient's keys from both storages and raises 'patientSwitched'; always remembers the patient.
 * Returns the switch, or null. The caller clears the query cache on a switch.
 */
export const trackPatient = (patientId: string, stores: readonly StorageLike[] = browserStores()): PatientSwitchedDetail | null => {
  const local = stores[0];
  if (!local) return null;
  let previous: string | null = null;
  try {
    previous = local.getItem(LAST_KNOWN_PATIENT_ID_KEY);
  } catch {
    return null;
  }
  const switched = isPatientSwitch(previous, patientId) ? { previousPatientId: previous as string, patientId } : null;
  try {
    if (switched) for (const store of stores) removeStorageKeys(store, isPatientDataKey);
    if (previous !== patientId) local.setItem(LAST_KNOWN_PATIENT_ID_KEY, patientId);
  } catch {
    // Storage full or blocked: the switch is still reported so caches are cleared.
  }
  if (switched) dispatch<PatientSwitchedDetail>(PATIENT_SWITCHED_EVENT, switched);
  return switched;
};

/** An in-memory StorageLike (tests, and when the browser blocks storage). */
export const memoryStorage = (initial: Record<string, string> = {}): StorageLike => {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
};
