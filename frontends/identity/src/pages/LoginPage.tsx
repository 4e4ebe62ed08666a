import { useCallback, useEffect, useRef } from 'react';
import { Alert, Container, Hero, PRACTICE_TAGLINE, Section, Split, Stack, useLocation } from '@portal/ui';
import { GuestCard } from '../components/GuestCard.tsx';
import { PricingSection } from '../components/PricingSection.tsx';
import { loginNotice } from '../login-messages.ts';

export const LOGIN_OPTIONS_ID = 'login-options';

/**
 * /login (booking-dashboard-staff §2): introduction, the sign-in options and the membership
 * plans. The provider-login card and the security check join the sign-in options later.
 */
export function LoginPage() {
  const { searchParams } = useLocation();
  const returnPath = searchParams.get('return');
  const notice = loginNotice(searchParams);
  const optionsRef = useRef<HTMLElement>(null);

  useEffect(() => {
    document.title = 'Sign In | Member Portal';
  }, []);

  // 'Sign Up' on a plan: bring the sign-in options into view and move focus there.
  const showLoginOptions = useCallback(() => {
    const options = optionsRef.current;
    if (!options) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    options.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    options.focus({ preventScroll: true });
  }, []);

  return (
    <Container size="xl">
      <Stack gap={8}>
        {notice ? (
          <Alert variant={notice.variant} role={notice.variant === 'destructive' ? 'alert' : 'status'}>
            {notice.text}
          </Alert>
        ) : null}
        <Split>
          <Hero title="Welcome to the Member Portal">
            <p>
              <strong>{PRACTICE_TAGLINE}</strong>
            </p>
            <p>
              Enroll in a membership, book and manage appointments, and reach our members-only nurse line, all in one place.
            </p>
          </Hero>
          <Section
            id={LOGIN_OPTIONS_ID}
            ref={optionsRef}
            tabIndex={-1}
            title="Sign in"
            description={<p>Choose how you would like to continue.</p>}
            className="identity-login-options"
          >
            <GuestCard returnPath={returnPath} />
          </Section>
        </Split>
        <PricingSection onSignUp={showLoginOptions} />
      </Stack>
    </Container>
  );
}
