/** A first-load message's form and how it is filled (chrome-text.ts; shared with its Spanish chunk, chrome-spanish.ts). */

/** A message as the build compiles it (strings and [name] placeholders) or as ICU source (jest). */
export type CompiledText = string | ReadonlyArray<string | readonly [string]>;

export interface ChromeSpanish {
  readonly catalog: Readonly<Record<string, CompiledText>>;
  /** Header titles, the manifests' and the shell's own: English → Spanish. */
  readonly titles: ReadonlyMap<string, string>;
}

/** A message with its values: compiled pieces, or the ICU source's `{name}`s. */
export const formatText = (message: CompiledText, values: Readonly<Record<string, string>> = {}): string =>
  typeof message === 'string'
    ? message.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!)
    : message.map((piece) => (typeof piece === 'string' ? piece : values[piece[0]])).join('');
