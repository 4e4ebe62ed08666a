import type { ReactNode } from 'react';

/** A character no translation holds: marks where the value goes in the whole sentence. */
const MARK = '\u0000';

/**
 * A whole translated sentence with one value in bold ('You chose <strong>Concierge Annual</strong>.
 * …'): the sentence is translated with a mark for the value, then the value is drawn in its place,
 * so no sentence is built from pieces.
 */
export function withStrong(sentence: (value: string) => string, value: string): ReactNode {
  const [before, ...rest] = sentence(MARK).split(MARK);
  if (rest.length === 0) return sentence(value);
  return (
    <>
      {before}
      <strong>{value}</strong>
      {rest.join(value)}
    </>
  );
}
