/**
 * The nurse line dialog (booking-dashboard-staff §2 'Nurse line dialog'; enrollment-and-payment §2;
 * issue 14), opened from the account menu on any page and from the dashboard's action card.
 *
 * Three variants:
 * - a guest: the nurse line is disabled, 'Sign in with athenahealth credentials to access';
 * - a provider-login patient without an active membership: 'Membership Required', the benefits,
 *   'Enroll in Membership' (to /enrollment) and Close;
 * - an active member: what they can do, 'Reveal Nurse Line Number'; the number (asked of
 *   GET /api/nurse-line only then) appears with a 3-second celebration of 20 icons, which is left
 *   out when the user prefers reduced motion. A 403 from the server (the membership ended since the
 *   page loaded) shows the non-member variant.
 * Membership is the dashboard's own status (GET /api/dashboard/subscription-status, one cached query).
 */
import { useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SubscriptionStatusResponse, type NurseLineResponse } from '@portal/contracts';
import { ApiError, api } from '@portal/client/api.ts';
import { Alert } from './Alert.tsx';
import { Button, buttonClassName } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { formatPhone, telHref } from './format.ts';
import { CheckIcon, HeartIcon, MessageIcon, PhoneIcon, SparkleIcon } from './Icons.tsx';
import { ButtonLink } from './Link.tsx';
import { SUBSCRIPTION_STATUS_QUERY_KEY, isMembershipActive } from '@portal/client/membership.ts';
import { NURSE_CELEBRATION_ICONS, NURSE_CELEBRATION_MS, NURSE_LINE_ENROLL_PATH, fetchNurseLine } from '@portal/client/nurse-line.ts';
import { useUiT, type UiMessageId } from './i18n.ts';

const NURSE_LINE_USES: readonly UiMessageId[] = ['nurseLine.use.advice', 'nurseLine.use.text', 'nurseLine.use.hours'];
const MEMBER_BENEFITS: readonly UiMessageId[] = ['nurseLine.benefit.nurseLine', 'nurseLine.benefit.scheduling', 'nurseLine.benefit.telemedicine'];
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

export interface NurseLineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who is signed in: guests get the disabled variant and never ask the server. */
  viewer: 'guest' | 'provider';
}

const CELEBRATION_SHAPES = [HeartIcon, PhoneIcon, SparkleIcon, MessageIcon] as const;

/** 20 icons spread across the dialog, each with its own delay and drift (CSS custom properties). */
function Celebration() {
  return (
    <div className="ui-nurse-celebration" aria-hidden="true" data-testid="nurse-celebration">
      {Array.from({ length: NURSE_CELEBRATION_ICONS }, (_, index) => {
        const Shape = CELEBRATION_SHAPES[index % CELEBRATION_SHAPES.length]!;
        const style = { '--x': `${(index * 37) % 100}%`, '--delay': `${(index % 5) * 120}ms`, '--drift': `${((index % 7) - 3) * 14}px` } as CSSProperties;
        return (
          <span key={index} className={`ui-nurse-celebration__icon ui-nurse-celebration__icon--${index % 4}`} style={style}>
            <Shape size={18} />
          </span>
        );
      })}
    </div>
  );
}

function Revealed({ line }: { line: NurseLineResponse }) {
  const reducedMotion = usePrefersReducedMotion();
  const [celebrating, setCelebrating] = useState(!reducedMotion);
  useEffect(() => {
    if (!celebrating) return;
    const timer = window.setTimeout(() => setCelebrating(false), NURSE_CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [celebrating]);
  const display = formatPhone(line.phone);
  const t = useUiT();
  return (
    <div className="ui-nurse-revealed">
      {celebrating ? <Celebration /> : null}
      <p className="ui-nurse-revealed__label">{t('nurseLine.yours')}</p>
      <p className="ui-nurse-revealed__number" role="status">
        <a href={telHref(line.phone)}>{display}</a>
      </p>
      <p>
        {t('nurseLine.callOrText', { phone: display, hours: line.hours })}
      </p>
      <p className="ui-nurse-revealed__actions">
        <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={telHref(line.phone)}>
          <PhoneIcon size={16} /> {t('nurseLine.call')}
        </a>
        <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={`sms:+1${line.phone}`}>
          <MessageIcon size={16} /> {t('nurseLine.text')}
        </a>
      </p>
      <p className="ui-nurse-revealed__note">{t('nurseLine.emergency')}</p>
    </div>
  );
}

function MemberBody({ onNotMember }: { onNotMember: () => void }) {
  const t = useUiT();
  const reveal = useMutation({
    mutationFn: () => fetchNurseLine(api),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) onNotMember();
    },
  });
  if (reveal.data) return <Revealed line={reveal.data} />;
  return (
    <div className="ui-nurse-member">
      <p>{t('nurseLine.memberIntro')}</p>
      <ul className="ui-nurse-list">
        {NURSE_LINE_USES.map((use) => (
          <li key={use}>
            <CheckIcon size={16} /> {t(use)}
          </li>
        ))}
      </ul>
      {reveal.isError && !(reveal.error instanceof ApiError && reveal.error.status === 403) ? (
        <Alert variant="destructive" title={t('nurseLine.revealFailedTitle')} role="alert">
          {t('nurseLine.revealFailedText')}
        </Alert>
      ) : null}
      <Button block onClick={() => reveal.mutate()} loading={reveal.isPending} loadingText={t('nurseLine.revealing')}>
        {t('nurseLine.reveal')}
      </Button>
    </div>
  );
}

function NonMemberBody() {
  const t = useUiT();
  return (
    <div className="ui-nurse-nonmember">
      <Alert variant="warning" title={t('nurseLine.membershipRequired')}>
        {t('nurseLine.membersOnly')}
      </Alert>
      <p>{t('nurseLine.membersGet')}</p>
      <ul className="ui-nurse-list">
        {MEMBER_BENEFITS.map((benefit) => (
          <li key={benefit}>
            <CheckIcon size={16} /> {t(benefit)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NurseLineDialog({ open, onOpenChange, viewer }: NurseLineDialogProps) {
  const t = useUiT();
  const status = useQuery<SubscriptionStatusResponse>({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<SubscriptionStatusResponse>(SUBSCRIPTION_STATUS_QUERY_KEY[0], { decode: SubscriptionStatusResponse, cache: 'no-store', signal }),
    enabled: open && viewer === 'provider',
    staleTime: 60_000,
  });
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!open) setRefused(false);
  }, [open]);

  const member = viewer === 'provider' && !refused && status.data !== undefined && isMembershipActive(status.data);
  const variant: 'guest' | 'checking' | 'error' | 'member' | 'nonmember' =
    viewer === 'guest' ? 'guest' : refused ? 'nonmember' : status.isPending ? 'checking' : status.data === undefined ? 'error' : member ? 'member' : 'nonmember';

  const close = (
    <Button variant="secondary" onClick={() => onOpenChange(false)}>
      {t('common.close')}
    </Button>
  );
  const footer =
    variant === 'nonmember' ? (
      <>
        {close}
        <ButtonLink href={NURSE_LINE_ENROLL_PATH} onClick={() => onOpenChange(false)}>
          {t('nurseLine.enroll')}
        </ButtonLink>
      </>
    ) : (
      close
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={variant === 'nonmember' ? t('nurseLine.membershipRequired') : t('nurseLine.title')}
      description={variant === 'nonmember' ? t('nurseLine.nonMemberDescription') : t('nurseLine.description')}
      footer={footer}
      size="sm"
      className="ui-nurse-dialog"
    >
      {variant === 'guest' ? (
        <Alert variant="info" title={t('nurseLine.guestTitle')}>
          {t('nurseLine.guestText')}
        </Alert>
      ) : variant === 'checking' ? (
        <p role="status">{t('nurseLine.checking')}</p>
      ) : variant === 'error' ? (
        <Alert variant="destructive" title={t('nurseLine.checkFailedTitle')} role="alert">
          {t('nurseLine.checkFailedText')}
        </Alert>
      ) : variant === 'member' ? (
        <MemberBody onNotMember={() => setRefused(true)} />
      ) : (
        <NonMemberBody />
      )}
    </Dialog>
  );
}
