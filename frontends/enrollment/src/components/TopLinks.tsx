import type { ReactNode } from 'react';
import { ArrowLeftIcon, ButtonLink, Cluster } from '@portal/ui';
import { DASHBOARD_HREF } from '../flow.ts';

/** The Dashboard link at the top left of every enrollment screen, with any other links after it. */
export function TopLinks({ children }: { children?: ReactNode }) {
  return (
    <nav aria-label="Enrollment">
      <Cluster gap={2} justify="between">
        <ButtonLink href={DASHBOARD_HREF} variant="ghost" size="sm">
          <ArrowLeftIcon size={18} />
          Dashboard
        </ButtonLink>
        {children}
      </Cluster>
    </nav>
  );
}
