import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { WaitlistOfferResponse } from '@portal/contracts';
import { Alert, Button, ButtonLink, Card, CardContent, CardFooter, CardHeader, CardTitle, Container, EmptyState, LoadingState, Stack, formatTime12h, formatUsDate } from '@portal/ui';
import { api, apiErrorBody } from '@portal/client';
import { fetchWaitlistOffer, takeWaitlistOffer } from '../booking-api.ts';

/** The token rides in the link's fragment (#token=…), which the browser never sends to a server or a log. */
const tokenFromHash = (): string => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.hash.slice(1)).get('token') ?? ''));

const INVALID = 'This link is not valid or has expired.';
const GONE = 'Another member has already taken this time. Your appointment has not changed.';

const when = (slot: { date: string; time: string }) => `${formatUsDate(slot.date)} at ${formatTime12h(slot.time)}`;

/**
 * /appointments/earlier-slot (issue 13, beyond the spec): a waitlisted member opens the emailed
 * link, sees the earlier time beside their appointment, and moves it in one step. The first member
 * to confirm gets it; the others are told it is gone. No sign-in: the signed, single-use link is
 * the member's own.
 */
export function EarlierSlotPage() {
  const [token] = useState(tokenFromHash);
  useEffect(() => {
    document.title = 'Earlier Appointment | Book an Appointment';
  }, []);

  const offer = useQuery({ queryKey: ['booking', 'waitlist-offer', token], queryFn: () => fetchWaitlistOffer(api, token), enabled: token !== '', retry: false, staleTime: Infinity });
  const take = useMutation({ mutationFn: () => takeWaitlistOffer(api, token) });

  if (token === '' || offer.isError) {
    const body = apiErrorBody(offer.error);
    const notFound = token === '' || body?.error === 'Offer Not Found' || body?.error === 'Validation failed';
    return (
      <Container size="sm">
        <EmptyState
          headingLevel={1}
          tone={notFound ? 'neutral' : 'destructive'}
          title={notFound ? 'Link Not Valid' : 'Something Went Wrong'}
          description={notFound ? INVALID : 'We could not load this offer. Please try again or contact our office.'}
          actions={<ButtonLink href="/dashboard">Go to Dashboard</ButtonLink>}
        />
      </Container>
    );
  }
  if (offer.isPending) return <LoadingState label="Loading the earlier time…" />;

  const data: WaitlistOfferResponse = offer.data;
  const takeError = apiErrorBody(take.error);
  const gone = data.state === 'taken' || takeError?.error === 'Time No Longer Available';
  const used = data.state === 'used' || takeError?.error === 'Link Already Used';

  return (
    <Container size="sm">
      <Stack gap={4}>
        <h1 className="booking-earlier-title">An Earlier Time Is Available</h1>
        <Card>
          <CardHeader>
            <CardTitle>{take.isSuccess ? 'Your appointment has been moved' : 'Move your appointment earlier?'}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="booking-facts">
              <div>
                <dt>{take.isSuccess ? 'Your appointment' : 'Earlier time'}</dt>
                <dd>{when(data.offered)}</dd>
              </div>
              {data.offered.providerName ? (
                <div>
                  <dt>Provider</dt>
                  <dd>{data.offered.providerName}</dd>
                </div>
              ) : null}
              <div>
                <dt>Location</dt>
                <dd>{data.offered.locationName}</dd>
              </div>
              {take.isSuccess ? null : (
                <div>
                  <dt>Your appointment now</dt>
                  <dd>{when(data.current)}</dd>
                </div>
              )}
            </dl>
            {take.isSuccess ? (
              <Alert variant="success" role="status" title="Appointment Moved">
                We have emailed you the updated calendar invitation. Please arrive 15 minutes early.
              </Alert>
            ) : gone ? (
              <Alert variant="warning" role="alert" title="Time No Longer Available">
                {GONE}
              </Alert>
            ) : used ? (
              <Alert variant="info" role="status" title="Link Already Used">
                This link has already been used. Your dashboard shows your appointment.
              </Alert>
            ) : take.isError ? (
              <Alert variant="destructive" role="alert" title={typeof takeError?.error === 'string' ? takeError.error : 'Reschedule Failed'}>
                {typeof takeError?.message === 'string' ? takeError.message : 'Unable to move your appointment. Please try again or contact our office.'}
              </Alert>
            ) : (
              <p className="booking-muted">Other members on the waitlist may take this time first. If you do nothing, your appointment stays as it is.</p>
            )}
          </CardContent>
          <CardFooter className="booking-actions">
            {take.isSuccess || gone || used ? (
              <ButtonLink href="/dashboard">Go to Dashboard</ButtonLink>
            ) : (
              <>
                <Button onClick={() => take.mutate()} disabled={take.isPending} aria-busy={take.isPending}>
                  {take.isPending ? 'Moving…' : 'Move My Appointment'}
                </Button>
                <ButtonLink href="/dashboard" variant="secondary">
                  Keep My Appointment
                </ButtonLink>
              </>
            )}
          </CardFooter>
        </Card>
      </Stack>
    </Container>
  );
}
