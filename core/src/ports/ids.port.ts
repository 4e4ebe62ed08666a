/**
 * Unique identifiers for new records (enrollments, guests, sessions), injected so ids are
 * random in production and predictable in tests.
 */
export interface Ids {
  /** A new identifier, unique across the system and not guessable. */
  newId(): string;
}
