/**
 * Errors in core are values: a stable machine code (`AREA.REASON`) plus the spec's text.
 * `title` is set where the spec names a heading for the message (e.g. 'Age Requirement Not Met').
 * Mapping codes to HTTP statuses happens once, in the API's error middleware.
 */

export interface DomainError<C extends string = string> {
  readonly code: C;
  readonly message: string;
  readonly title?: string;
}

export const domainError = <C extends string>(code: C, message: string, title?: string): DomainError<C> =>
  title === undefined ? { code, message } : { code, message, title };
