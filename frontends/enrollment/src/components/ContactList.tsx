import { useId } from 'react';
import { Badge } from '@portal/ui';
import type { Contact } from '@portal/contracts';
import { contactView } from '../location-form.ts';
import { useT } from '../i18n.ts';

export interface ContactListProps {
  contacts: readonly Contact[];
  value: string;
  onChange: (contactId: string) => void;
  error?: string | null;
}

/**
 * 'Who is this enrollment for?': one radio per contact. A radio is named by the contact's
 * displayName; the 'You' badge, a caregiver's relationship and the email describe it.
 */
export function ContactList({ contacts, value, onChange, error }: ContactListProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="enrollment-fieldset" role="radiogroup" aria-describedby={error ? errorId : undefined} aria-required="true">
      <legend className="enrollment-legend">
        {t('contacts.question')} <span className="enrollment-legend__hint">{t('contacts.missingHint')}</span>
      </legend>
      {contacts.length === 0 ? (
        <p className="enrollment-choice-empty">{t('contacts.none')}</p>
      ) : (
        <div className="enrollment-choice-list">
          {contacts.map((contact, index) => {
            const view = contactView(contact, t);
            const inputId = `${id}-contact-${index}`;
            const nameId = `${inputId}-name`;
            const detailsId = `${inputId}-details`;
            return (
              <label key={contact.id} className="enrollment-choice" htmlFor={inputId}>
                <input
                  id={inputId}
                  type="radio"
                  className="enrollment-choice__control"
                  name={`${id}-contact`}
                  value={contact.id}
                  checked={value === contact.id}
                  onChange={() => onChange(contact.id)}
                  aria-labelledby={nameId}
                  aria-describedby={detailsId}
                  aria-invalid={error ? true : undefined}
                />
                <span className="enrollment-choice__body">
                  <span className="enrollment-choice__title">
                    <span id={nameId} className="enrollment-choice__name">
                      {view.name}
                    </span>
                    {view.isYou ? <Badge variant="success">{t('contacts.you')}</Badge> : null}
                  </span>
                  <span id={detailsId} className="enrollment-choice__meta">
                    {view.isYou ? <span className="ui-visually-hidden">{t('contacts.youDescription')} </span> : null}
                    {view.relationship ? <span>{view.relationship}</span> : null}
                    {view.email ? <span>{view.email}</span> : null}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      {error ? (
        <p id={errorId} className="ui-error-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
