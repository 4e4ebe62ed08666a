import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '@portal/contracts/locale.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Cluster, LoadingState, Spinner, Stack, cx } from '@portal/ui';
import { CONFIG_QUERY_KEY, api, toast } from '@portal/client';
import type { CreateDocumentResponse } from '@portal/contracts';
import { createSigningDocument, fetchConfig, recordSignature, verifyDocumentCompletion } from '../enrollment-api.ts';
import { paymentMessages, usePaymentT } from '../payment/i18n.ts';
import {
  DOCUMENTS,
  EMBED_INIT_DELAY_MS,
  PRIVACY_LOADER_RESET_MS,
  completeSigning,
  incompleteFailure,
  processingFailure,
  signsEnglishText,
} from '../signing.ts';
import type { DocumentKind, ProcessingFailure } from '../signing.ts';
import { loadSignWellEmbed } from '../signwell-embed.ts';
import type { SignWellEmbedInstance } from '../signwell-embed.ts';

export interface SignedResult {
  readonly requiresPrivacyPractices: boolean;
}

export interface DocumentSigningProps {
  kind: DocumentKind;
  enrollmentId: string;
  /** Already signed (resumed, or back from Payment): show the signed state, create nothing. */
  alreadySigned: boolean;
  onSigned: (result: SignedResult) => void;
}

type Phase =
  | { readonly name: 'creating' }
  | { readonly name: 'signing'; readonly loading: boolean }
  | { readonly name: 'verifying'; readonly attempt: number; readonly total: number }
  | { readonly name: 'uploading' }
  | { readonly name: 'done' }
  | { readonly name: 'declined' }
  | { readonly name: 'failed'; readonly title: string; readonly description: string; readonly critical: boolean; readonly retry: 'create' | 'complete' };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * One SignWell document (the membership agreement or the privacy notice), embedded in the page:
 * created on entering the step, opened 500 ms later; after `completed` it is verified (attempt N
 * of 5), recorded and uploaded, then reads 'signed, verified and uploaded'.
 */
export function DocumentSigning({ kind, enrollmentId, alreadySigned, onSigned }: DocumentSigningProps) {
  const t = usePaymentT();
  const locale = paymentMessages.useLocale();
  const config = DOCUMENTS[kind];
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>(alreadySigned ? { name: 'done' } : { name: 'creating' });
  const [round, setRound] = useState(0);
  // The language of the document's body, as the server says when it creates it (English until then).
  const [bodyLocale, setBodyLocale] = useState<Locale | undefined>(undefined);
  const embedRef = useRef<SignWellEmbedInstance | null>(null);
  const documentIdRef = useRef<string | null>(null);
  const activeRef = useRef(true);
  const onSignedRef = useRef(onSigned);
  onSignedRef.current = onSigned;

  const fail = useCallback((failure: ProcessingFailure, retry: 'create' | 'complete') => {
    toast({ title: failure.title, description: failure.description, variant: 'destructive' });
    setPhase({ name: 'failed', ...failure, retry });
  }, []);

  const finish = useCallback(
    async (documentId: string) => {
      setPhase({ name: 'verifying', attempt: 1, total: 5 });
      try {
        const result = await completeSigning(documentId, {
          verify: (id) => verifyDocumentCompletion(api, id),
          submit: (id) => recordSignature(api, kind, enrollmentId, id),
          sleep,
          cancelled: () => !activeRef.current,
          onVerifyAttempt: (attempt, total) => setPhase({ name: 'verifying', attempt, total }),
          onUploading: () => setPhase({ name: 'uploading' }),
        });
        if (!activeRef.current || result.kind === 'cancelled') return;
        if (result.kind === 'declined') {
          setPhase({ name: 'declined' });
          return;
        }
        if (result.kind !== 'uploaded') {
          fail(incompleteFailure(kind), 'complete');
          return;
        }
        setPhase({ name: 'done' });
        onSignedRef.current({ requiresPrivacyPractices: result.requiresPrivacyPractices });
      } catch (error) {
        if (activeRef.current) fail(processingFailure(error, kind), 'complete');
      }
    },
    [config, enrollmentId, fail, kind],
  );

  // Create the document and open the embed (again on each new round: 'Start again', 'Try again').
  useEffect(() => {
    if (alreadySigned) return undefined;
    activeRef.current = true;
    // Per run: a StrictMode re-run or a new round must not let an older run carry on.
    let active = true;
    let timer: number | undefined;
    let loaderTimer: number | undefined;
    const run = async (): Promise<void> => {
      setPhase({ name: 'creating' });
      let created: CreateDocumentResponse;
      try {
        created = await createSigningDocument(api, kind, enrollmentId);
      } catch {
        if (!active) return;
        const title = paymentMessages.t('common.error');
        toast({ title, description: config.createError, variant: 'destructive' });
        setPhase({ name: 'failed', title, description: config.createError, critical: false, retry: 'create' });
        return;
      }
      if (!active) return;
      documentIdRef.current = created.documentId ?? null;
      setBodyLocale(created.bodyLocale);
      let Embed;
      try {
        const appConfig = await queryClient.fetchQuery({ queryKey: CONFIG_QUERY_KEY, queryFn: ({ signal }) => fetchConfig(api, signal) });
        Embed = await loadSignWellEmbed(appConfig.scripts.signwellEmbedJs);
      } catch {
        if (!active) return;
        const title = paymentMessages.t('signing.libraryError.title');
        const description = paymentMessages.t('signing.libraryError.text');
        toast({ title, description, variant: 'destructive' });
        setPhase({ name: 'failed', title, description, critical: false, retry: 'create' });
        return;
      }
      if (!active) return;
      setPhase({ name: 'signing', loading: true });
      timer = window.setTimeout(() => {
        if (!active) return;
        const embed = new Embed({
          url: created.embeddedUrl,
          containerId: config.containerId,
          allowDecline: true,
          allowClose: false,
          showHeader: true,
          events: {
            completed: (payload) => {
              embed.close();
              embedRef.current = null;
              const documentId = payload.documentId ?? documentIdRef.current;
              if (!documentId) {
                fail(incompleteFailure(kind), 'create');
                return;
              }
              documentIdRef.current = documentId;
              void finish(documentId);
            },
            declined: () => {
              embed.close();
              embedRef.current = null;
              setPhase({ name: 'declined' });
            },
            error: () => {
              embed.close();
              embedRef.current = null;
              const title = paymentMessages.t('common.error');
              const description = paymentMessages.t('signing.embedError');
              toast({ title, description, variant: 'destructive' });
              setPhase({ name: 'failed', title, description, critical: false, retry: 'create' });
            },
          },
        });
        embedRef.current = embed;
        embed.open();
        const frame = document.getElementById(config.containerId)?.querySelector('iframe');
        const loaded = (): void => setPhase((current) => (current.name === 'signing' ? { name: 'signing', loading: false } : current));
        frame?.addEventListener('load', loaded, { once: true });
        // The privacy step resets its loader after 10 s whatever the frame says; the agreement after the same.
        loaderTimer = window.setTimeout(loaded, PRIVACY_LOADER_RESET_MS);
      }, EMBED_INIT_DELAY_MS);
    };
    void run();
    return () => {
      active = false;
      activeRef.current = false;
      window.clearTimeout(timer);
      window.clearTimeout(loaderTimer);
      embedRef.current?.close();
      embedRef.current = null;
    };
  }, [alreadySigned, config, enrollmentId, fail, finish, kind, queryClient, round]);

  const retry = (): void => {
    if (phase.name === 'failed' && phase.retry === 'complete' && documentIdRef.current) {
      activeRef.current = true;
      void finish(documentIdRef.current);
      return;
    }
    setRound((value) => value + 1);
  };

  const showContainer = phase.name === 'signing' || phase.name === 'creating';

  // Before signing: the text signed is English where the practice supplies none in the page's language.
  const englishOnly = signsEnglishText(locale, bodyLocale) && phase.name !== 'done';

  return (
    <Stack gap={4}>
      {englishOnly ? (
        <Alert variant="info" title={t('signing.englishOnly.title')} className="enrollment-signing-language">
          <p>{t('signing.englishOnly.text', { kind })}</p>
        </Alert>
      ) : null}

      {phase.name === 'creating' ? <LoadingState compact label={t('signing.preparing', { kind })} /> : null}

      {/* SignWell fills this element; it stays mounted while signing so the iframe is kept. */}
      <div
        id={config.containerId}
        className={cx('enrollment-signing', `enrollment-signing--${kind}`)}
        hidden={!showContainer || phase.name === 'creating'}
        aria-label={t('signing.region', { kind })}
        role="region"
      >
        {phase.name === 'signing' && phase.loading ? (
          <div className="enrollment-signing__loader">
            <LoadingState compact label={t('signing.loadingDocument')} />
          </div>
        ) : null}
      </div>

      {phase.name === 'verifying' ? (
        <div role="status" aria-live="polite">
          <Cluster gap={2}>
            <Spinner size="sm" />
            <span>{t('signing.verifying', { attempt: phase.attempt, total: phase.total })}</span>
          </Cluster>
          <progress className="ui-visually-hidden" max={phase.total} value={phase.attempt} aria-label={t('signing.attempts')} />
        </div>
      ) : null}

      {phase.name === 'uploading' ? (
        <div role="status" aria-live="polite">
          <Cluster gap={2}>
            <Spinner size="sm" />
            <span>{t('signing.uploading')}</span>
          </Cluster>
        </div>
      ) : null}

      {phase.name === 'done' ? (
        <Alert variant="success" role="status" title={t('signing.done.title')}>
          <p className="enrollment-signing-done">{t('signing.done.text', { kind })}</p>
        </Alert>
      ) : null}

      {phase.name === 'declined' ? (
        <Alert variant="warning" role="alert" title={t('signing.declined.title')}>
          <Stack gap={3}>
            <p>{t('signing.declined.text')}</p>
            <div>
              <Button variant="secondary" onClick={() => setRound((value) => value + 1)}>
                {t('signing.startAgain')}
              </Button>
            </div>
          </Stack>
        </Alert>
      ) : null}

      {phase.name === 'failed' ? (
        <Alert variant="destructive" role="alert" title={phase.title}>
          <Stack gap={3}>
            <p>{phase.description}</p>
            {phase.critical ? null : (
              <div>
                <Button variant="secondary" onClick={retry}>
                  {t('common.tryAgain')}
                </Button>
              </div>
            )}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
