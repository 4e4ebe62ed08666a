/**
 * 'Existing Subscription Found' (enrollment-and-payment §2 'Existing-subscription screen', §4
 * 'Payment flow', §9): a subscription of this patient is set to end. 'Yes, Reactivate
 * Auto-Renewal' turns renewal back on; 'No, Contact Front Desk' goes to the dashboard after 1.5 s.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, CardFooter, CardHeader, CardTitle, InfoIcon } from '@portal/ui';
import { api, navigate, toast } from '@portal/client';
import { reactivateSubscription } from '../enrollment-api.ts';
import { DASHBOARD_HREF } from '../flow.ts';
import { formatLongDate } from '@portal/i18n/format.ts';
import { messages, useT } from '../i18n.ts';
import { REACTIVATED_REDIRECT_MS, REACTIVATION_DECLINED_REDIRECT_MS, formatExpiration } from '../payment-step.ts';

export interface ExistingSubscriptionProps {
  enrollmentId: string;
  renewalDate: string | null;
  message: string;
}

export function ExistingSubscription({ enrollmentId, renewalDate, message }: ExistingSubscriptionProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'reactivating' | 'leaving' | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const t = useT();
  const locale = messages.useLocale();
  // English keeps the spec's 'March 5, 2027'; Spanish '5 de marzo de 2027' (the renewal is a UTC day).
  const expiration = locale === 'en-US' || !renewalDate || formatExpiration(renewalDate) === null ? formatExpiration(renewalDate) : formatLongDate(renewalDate.slice(0, 10), locale);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const leaveAfter = (ms: number): void => {
    setBusy('leaving');
    timer.current = window.setTimeout(() => navigate(DASHBOARD_HREF), ms);
  };

  const reactivate = async (): Promise<void> => {
    setBusy('reactivating');
    try {
      const answer = await reactivateSubscription(api, enrollmentId);
      toast({ title: messages.t('existing.reactivated'), ...(answer.message ? { description: answer.message } : {}) });
      void queryClient.invalidateQueries();
      leaveAfter(REACTIVATED_REDIRECT_MS);
    } catch {
      toast({ title: messages.t('existing.failed.title'), description: messages.t('existing.failed.text'), variant: 'destructive' });
      setBusy(null);
    }
  };

  const decline = (): void => {
    toast({ title: messages.t('start.notice.dashboard') });
    leaveAfter(REACTIVATION_DECLINED_REDIRECT_MS);
  };

  return (
    <Card as="section" aria-labelledby="enrollment-existing-title">
      <CardHeader>
        <CardTitle as="h2" id="enrollment-existing-title">
          <InfoIcon size={20} /> {t('existing.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {message ? <p>{message}</p> : null}
        <dl className="enrollment-details">
          <div>
            <dt>{t('existing.currentExpiration')}</dt>
            <dd>{expiration ?? t('common.notAvailable')}</dd>
          </div>
        </dl>
        <p>{t('existing.question')}</p>
      </CardContent>
      <CardFooter className="enrollment-payment__actions">
        <Button variant="secondary" onClick={decline} disabled={busy !== null}>
          {t('existing.no')}
        </Button>
        <Button onClick={() => void reactivate()} loading={busy === 'reactivating'} disabled={busy !== null}>
          {t('existing.yes')}
        </Button>
      </CardFooter>
    </Card>
  );
}
