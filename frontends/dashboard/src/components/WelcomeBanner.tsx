import type { ReactNode } from 'react';
import { Badge, Cluster, Hero, MailIcon } from '@portal/ui';
import type { Welcome } from '../welcome.ts';
import { useT } from '../i18n.ts';
import { richText } from '../rich-text.tsx';

/** The greeting: the user's name (the page's h1), email, sign-in badge and membership badge; for a caregiver, whom they act for. */
export function WelcomeBanner({ welcome, membershipBadge = null }: { welcome: Welcome; membershipBadge?: ReactNode }) {
  const t = useT();
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
          {richText(t('welcome.actingFor', { caregiver: welcome.caregiverName ?? '', patient: welcome.actingFor }), {
            0: (name) => <strong>{name}</strong>,
          })}
        </p>
      ) : (
        <p>{t('welcome.intro')}</p>
      )}
    </Hero>
  );
}
