/**
 * 'English | Español' (issue 26), in the footer on every page and in the user-status menu: each
 * option in its own language (`lang`), the current one marked aria-current="true". Choosing
 * switches the page at once (<html lang>, the portal_lang cookie, the portal:locale event every
 * micro-frontend follows, no reload) and remembers it with the patient when someone is signed in
 * or verified.
 */
import { Fragment } from 'react';
import { LOCALES, LOCALE_NAMES, langOf, type Locale } from '@portal/contracts/locale.ts';
import { choosePageLocale } from '@portal/i18n/page-locale.ts';
import { rememberLanguage } from '@portal/client/language.ts';
import { useAuthState } from '@portal/client';
import { messages, useT } from '../i18n.ts';

/** Switches the page's language, and remembers it with the patient when there is one. */
export const chooseLanguage = (locale: Locale, withPatient: boolean): void => {
  choosePageLocale(locale);
  if (withPatient) void rememberLanguage(locale);
};

export function LanguageSwitch() {
  const t = useT();
  const current = messages.useLocale();
  const { state } = useAuthState();
  return (
    <div className="portal-language" role="group" aria-label={t('language.label')}>
      {LOCALES.map((locale, index) => (
        <Fragment key={locale}>
          {index > 0 ? (
            <span className="portal-language__divider" aria-hidden="true">
              |
            </span>
          ) : null}
          <button
            type="button"
            className="portal-language__option"
            lang={langOf(locale)}
            aria-current={locale === current ? 'true' : undefined}
            onClick={() => chooseLanguage(locale, state.kind !== 'unauthenticated')}
          >
            {LOCALE_NAMES[locale]}
          </button>
        </Fragment>
      ))}
    </div>
  );
}
