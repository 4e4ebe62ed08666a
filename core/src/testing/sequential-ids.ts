/** Ids for tests: 'id-1', 'id-2', ... (or with the prefix given). */
import type { Ids } from '../ports/ids.port.ts';

export class SequentialIds implements Ids {
  readonly #prefix: string;
  #next = 1;

  constructor(prefix = 'id-') {
    this.#prefix = prefix;
  }

  newId(): string {
    const id = `${this.#prefix}${this.#next}`;
    this.#next += 1;
    return id;
  }
}
