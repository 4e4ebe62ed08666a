import { useMemo } from 'react';
import { useApiErrorText } from '@portal/client/api-error-text.ts';
import { KNOWN_TEXTS, knownText } from './known-texts.ts';
import { messages, useT } from './i18n.ts';

/**
 * In a component: `(text) => string`, an English text from outside the catalogs (a field check,
 * the API's answer, a pure helper's) in the page's language; English unchanged.
 */
export const useKnownText = (): ((text: string) => string) => {
  const t = useT();
  return useMemo(() => (text: string) => knownText(text, t), [t]);
};

/**
 * In a component: `(failure) => string` for a failure's message (the API's answer or our own
 * fallback). English: the message unchanged. Spanish: our catalog's words for a message this
 * remote knows (the verification answers carry no code), else the data client's by the answer's
 * code (a generic sentence for a code it does not know).
 */
export const useErrorText = (): ((failure: { readonly code?: string | null; readonly message: string }) => string) => {
  const t = useT();
  const apiText = useApiErrorText();
  return useMemo(
    () => (failure) => (messages.locale() === 'en-US' ? failure.message : KNOWN_TEXTS[failure.message] ? knownText(failure.message, t) : apiText(failure)),
    [t, apiText],
  );
};
