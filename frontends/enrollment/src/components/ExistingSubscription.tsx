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
import {
  EXISTING_SUBSCRIPTION_TITLE,
  REACTIVATE_NO,
  REACTIVATE_YES,
  REACTIVATION_FAILED_TEXT,
  REACTIVATION_FAILED_TITLE,
  REDIRECTING_TO_DASHBOARD_TITLE,
  SUBSCRIPTION_REACTIVATED_TITLE,
} from '../messages.ts';
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
  const expiration = formatExpiration(renewalDate);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const leaveAfter = (ms: number): void => {
    setBusy('leaving');
    timer.current = window.setTimeout(() => navigate(DASHBOARD_HREF), ms);
  };

  const reactivate = async (): Promise<void> => {
    setBusy('reactivating');
    try {
      const answer = await reactivateSubscription(api, enrollmentId);
      toast({ title: SUBSCRIPTION_REACTIVATED_TITLE, ...(answer.message ? { description: answer.message } : {}) });
      void queryClient.invalidateQueries();
      leaveAfter(REACTIVATED_REDIRECT_MS);
    } catch {
      toast({ title: REACTIVATION_FAILED_TITLE, description: REACTIVATION_FAILED_TEXT, variant: 'destructive' });
      setBusy(null);
    }
  };

  const decline = (): void => {
    toast({ title: REDIRECTING_TO_DASHBOARD_TITLE });
    leaveAfter(REACTIVATION_DECLINED_REDIRECT_MS);
  };

  return (
    <Card as="section" aria-labelledby="enrollment-existing-title">
      <CardHeader>
        <CardTitle as="h2" id="enrollment-existing-title">
          <InfoIcon size={20} /> {EXISTING_SUBSCRIPTION_TITLE}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {message ? <p>{message}</p> : null}
        <dl className="enrollment-details">
          <div>
            <dt>Current expiration</dt>
            <dd>{expiration ?? 'Not available'}</dd>
          </div>
        </dl>
        <p>Would you like to turn auto-renewal back on so your membership continues without a break?</p>
      </CardContent>
      <CardFooter className="enrollment-payment__actions">
        <Button variant="secondary" onClick={decline} disabled={busy !== null}>
          {REACTIVATE_NO}
        </Button>
        <Button onClick={() => void reactivate()} loading={busy === 'reactivating'} disabled={busy !== null}>
          {REACTIVATE_YES}
        </Button>
      </CardFooter>
    </Card>
  );
}
