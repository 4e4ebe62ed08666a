import { useEffect, useRef } from 'react';
import { Alert, Card, CheckIcon, Spinner } from '@portal/ui';
import { VERIFICATION_COMPLETE_TITLE } from './messages.ts';
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
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card as="section" className="ui-auth-card identity-auth-complete" aria-labelledby="identity-auth-complete-title">
      <span className="identity-auth-complete__icon" aria-hidden="true">
        <CheckIcon size={32} />
      </span>
      <h2 id="identity-auth-complete-title" className="identity-auth-complete__title" ref={headingRef} tabIndex={-1}>
        {VERIFICATION_COMPLETE_TITLE}
      </h2>
      <p className="identity-auth-complete__who">
        You are verified as <strong className="ui-auth-card__address">{email}</strong> and <strong className="ui-nowrap">{displayPhone(phone)}</strong>.
      </p>
      {storageFailed ? (
        <Alert variant="destructive" role="alert" title="Your browser did not let us save your verification">
          Please allow this site to store data (cookies and site data) and verify again.
        </Alert>
      ) : (
        <p className="identity-auth-complete__next" role="status">
          <Spinner size="sm" />
          <span>{destination === '/dashboard' ? 'Taking you to your dashboard...' : 'Taking you back to where you were...'}</span>
        </p>
      )}
    </Card>
  );
}
