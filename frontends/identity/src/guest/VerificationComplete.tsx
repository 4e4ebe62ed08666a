import { useEffect, useRef } from 'react';
import { Alert, Card, CheckIcon, Spinner } from '@portal/ui';
import { useT } from '../i18n.ts';
import { richText } from '../rich-text.tsx';
import { displayPhone } from './phone-input.ts';

/** Both verifications done: who the guest is now, while the page waits 2 s before moving on. */
export function VerificationComplete({
  email,
  phone,
  destination,
  storageFailed,
}: {
  email: string;
  phone: string;
  destination: string;
  storageFailed: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = useT();
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card as="section" className="ui-auth-card identity-auth-complete" aria-labelledby="identity-auth-complete-title">
      <span className="identity-auth-complete__icon" aria-hidden="true">
        <CheckIcon size={32} />
      </span>
      <h2 id="identity-auth-complete-title" className="identity-auth-complete__title" ref={headingRef} tabIndex={-1}>
        {t('complete.title')}
      </h2>
      <p className="identity-auth-complete__who">
        {richText(t, 'complete.who', {
          email: <strong className="ui-auth-card__address">{email}</strong>,
          phone: <strong className="ui-nowrap">{displayPhone(phone)}</strong>,
        })}
      </p>
      {storageFailed ? (
        <Alert variant="destructive" role="alert" title={t('complete.storageFailed.title')}>
          {t('complete.storageFailed.body')}
        </Alert>
      ) : (
        <p className="identity-auth-complete__next" role="status">
          <Spinner size="sm" />
          <span>{destination === '/dashboard' ? t('complete.toDashboard') : t('complete.back')}</span>
        </p>
      )}
    </Card>
  );
}
