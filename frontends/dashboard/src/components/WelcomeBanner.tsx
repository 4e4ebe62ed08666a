import type { ReactNode } from 'react';
import { Badge, Cluster, Hero, MailIcon } from '@portal/ui';
import type { Welcome } from '../welcome.ts';

/** The greeting: the user's name (the page's h1), email, sign-in badge and membership badge; for a caregiver, whom they act for. */
export function WelcomeBanner({ welcome, membershipBadge = null }: { welcome: Welcome; membershipBadge?: ReactNode }) {
  return (
    <Hero title={welcome.title} className="dashboard-welcome">
      <Cluster gap={3}>
        <Badge variant="inverse">{welcome.badge}</Badge>
        {membershipBadge}
        {welcome.email ? (
          <Cluster gap={2}>
            <MailIcon size={18} />
            <span>{welcome.email}</span>
          </Cluster>
        ) : null}
      </Cluster>
      {welcome.actingFor ? (
        <p>
          Signed in as {welcome.caregiverName}, you are managing care for <strong>{welcome.actingFor}</strong>. What you see and do
          here is for {welcome.actingFor}&apos;s account.
        </p>
      ) : (
        <p>Manage your membership, appointments and member benefits from here.</p>
      )}
    </Hero>
  );
}
