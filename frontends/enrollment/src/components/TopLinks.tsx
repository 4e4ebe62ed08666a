import type { ReactNode } from 'react';
import { ArrowLeftIcon, ButtonLink, Cluster } from '@portal/ui';
import { DASHBOARD_HREF } from '../flow.ts';
import { useT } from '../i18n.ts';

/** The Dashboard link at the top left of every enrollment screen, with any other links after it. */
export function TopLinks({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <nav aria-label={t('common.enrollmentNav')}>
      <Cluster gap={2} justify="between">
        <ButtonLink href={DASHBOARD_HREF} variant="ghost" size="sm">
          <ArrowLeftIcon size={18} />
          {t('common.dashboard')}
        </ButtonLink>
        {children}
      </Cluster>
    </nav>
  );
}
