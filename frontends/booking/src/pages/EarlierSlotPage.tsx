import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { WaitlistOfferResponse } from '@portal/contracts';
import { Alert, Button, ButtonLink, Card, CardContent, CardFooter, CardHeader, CardTitle, Container, EmptyState, LoadingState, Stack } from '@portal/ui';
import { api, apiErrorBody } from '@portal/client';
import { useApiErrorText } from '@portal/client/api-error-text.ts';
import { fetchWaitlistOffer, takeWaitlistOffer } from '../booking-api.ts';
import { useWords, type Words } from '../i18n.ts';
import { slotDate, slotTime } from '../schedule.ts';

/** The token rides in the link's fragment (#token=…), which the browser never sends to a server or a log. */
const tokenFromHash = (): string => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.hash.slice(1)).get('token') ?? ''));

/** '03/09/2026 at 9:00 AM' in English, '9 de marzo de 2026, 9:00 a.m.' in Spanish. */
const when = ({ t, locale }: Words, slot: { date: string; time: string }) => t('earlier.when', { date: slotDate(slot.date, locale), time: slotTime(slot.time, locale) });

/**
 * /appointments/earlier-slot (issue 13, beyond the spec): a waitlisted member opens the emailed
 * link, sees the earlier time beside their appointment, and moves it in one step. The first member
 * to confirm gets it; the others are told it is gone. No sign-in: the signed, single-use link is
 * the member's own.
 */
export function EarlierSlotPage() {
  const [token] = useState(tokenFromHash);
  const words = useWords();
  const { t, locale } = words;
  const errorText = useApiErrorText();
  useEffect(() => {
    document.title = t('earlier.documentTitle');
  }, [t]);

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
          title={t(notFound ? 'earlier.invalidTitle' : 'earlier.errorTitle')}
          description={t(notFound ? 'earlier.invalidText' : 'earlier.errorText')}
          actions={<ButtonLink href="/dashboard">{t('common.goToDashboard')}</ButtonLink>}
        />
      </Container>
    );
  }
  if (offer.isPending) return <LoadingState label={t('earlier.loading')} />;

  const data: WaitlistOfferResponse = offer.data;
  const takeError = apiErrorBody(take.error);
  const gone = data.state === 'taken' || takeError?.error === 'Time No Longer Available';
  const used = data.state === 'used' || takeError?.error === 'Link Already Used';
  // A refusal's words: the API's in English (as before); in Spanish ours, and its message by code.
  const english = locale === 'en-US';
  const failedTitle = english && typeof takeError?.error === 'string' ? takeError.error : t('failure.reschedule.title');
  const failedText =
    typeof takeError?.message === 'string'
      ? errorText({ code: typeof takeError.code === 'string' ? takeError.code : null, message: takeError.message })
      : t('earlier.failedText');

  return (
    <Container size="sm">
      <Stack gap={4}>
        <h1 className="booking-earlier-title">{t('earlier.heading')}</h1>
        <Card>
          <CardHeader>
            <CardTitle>{t(take.isSuccess ? 'earlier.moved' : 'earlier.question')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="booking-facts">
              <div>
                <dt>{t(take.isSuccess ? 'earlier.yourAppointment' : 'earlier.earlierTime')}</dt>
                <dd>{when(words, data.offered)}</dd>
              </div>
              {data.offered.providerName ? (
                <div>
                  <dt>{t('facts.provider')}</dt>
                  <dd>{data.offered.providerName}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('facts.location')}</dt>
                <dd>{data.offered.locationName}</dd>
              </div>
              {take.isSuccess ? null : (
                <div>
                  <dt>{t('earlier.yourAppointmentNow')}</dt>
                  <dd>{when(words, data.current)}</dd>
                </div>
              )}
            </dl>
            {take.isSuccess ? (
              <Alert variant="success" role="status" title={t('earlier.movedTitle')}>
                {t('earlier.movedText')}
              </Alert>
            ) : gone ? (
              <Alert variant="warning" role="alert" title={t('earlier.goneTitle')}>
                {t('earlier.goneText')}
              </Alert>
            ) : used ? (
              <Alert variant="info" role="status" title={t('earlier.usedTitle')}>
                {t('earlier.usedText')}
              </Alert>
            ) : take.isError ? (
              <Alert variant="destructive" role="alert" title={failedTitle}>
                {failedText}
              </Alert>
            ) : (
              <p className="booking-muted">{t('earlier.note')}</p>
            )}
          </CardContent>
          <CardFooter className="booking-actions">
            {take.isSuccess || gone || used ? (
              <ButtonLink href="/dashboard">{t('common.goToDashboard')}</ButtonLink>
            ) : (
              <>
                <Button onClick={() => take.mutate()} disabled={take.isPending} aria-busy={take.isPending}>
                  {t(take.isPending ? 'earlier.moving' : 'earlier.move')}
                </Button>
                <ButtonLink href="/dashboard" variant="secondary">
                  {t('earlier.keep')}
                </ButtonLink>
              </>
            )}
          </CardFooter>
        </Card>
      </Stack>
    </Container>
  );
}
