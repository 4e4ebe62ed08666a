/**
 * The user-status menu at the top right (enrollment-and-payment §2 'User-status menu'): the
 * display name and a badge ('athenahealth' for provider login, 'Guest'), a caregiver shown as
 * 'caregiver name (for patient name)', and the member links. Signed-out visitors get a Sign In
 * link instead.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CustomerCheckResponse } from '@portal/contracts';
import {
  Badge,
  ButtonLink,
  CUSTOMER_CHECK_QUERY_KEY,
  CalendarIcon,
  ChevronDownIcon,
  ClipboardIcon,
  CreditCardIcon,
  FileTextIcon,
  FlaskIcon,
  LogOutIcon,
  Menu,
  MenuGroup,
  MenuItem,
  MenuSeparator,
  MessageIcon,
  NURSE_LINE_GUEST_TEXT,
  NurseLineDialog,
  PhoneIcon,
  ReceiptIcon,
  SwitchUserIcon,
  api,
  badgeOf,
  cx,
  displayNameOf,
  initialsOf,
  toast,
  useAuthState,
  useLocation,
  useLogout,
  usePractice,
  useProviderSignIn,
  openBillingPortal,
  withReturn,
} from '@portal/ui';
import type { AuthState } from '@portal/ui';
import { checkCustomer, openPortalSession } from '../shell-api.ts';

export const NURSE_LINE_DISABLED_TOOLTIP = NURSE_LINE_GUEST_TEXT;
export const PORTAL_CREDENTIALS_NOTE = 'Portal credentials required';

const PATIENT_PORTAL_ITEMS = [
  { label: 'Patient Chart', icon: <FileTextIcon size={18} /> },
  { label: 'Lab Results', icon: <FlaskIcon size={18} /> },
  { label: 'Message Practice', icon: <MessageIcon size={18} /> },
  { label: 'Primary Care Billing', icon: <ReceiptIcon size={18} /> },
] as const;

/** GET /api/stripe/customer-check; any failure (an answer it cannot read too) counts as no customer. */
const readCustomer = async ({ signal }: { signal: AbortSignal }): Promise<CustomerCheckResponse> => {
  try {
    return { hasCustomer: (await checkCustomer(api, signal)).hasCustomer };
  } catch {
    return { hasCustomer: false };
  }
};

export function UserStatus() {
  const { state, isPending } = useAuthState();
  const { pathname, search } = useLocation();
  if (state.kind === 'unauthenticated') {
    // No layout jump while the first session check runs.
    if (isPending) return <span className="portal-user__placeholder" aria-hidden="true" />;
    return (
      <ButtonLink href={withReturn('/login', `${pathname}${search}`)} variant="secondary" size="sm">
        Sign In
      </ButtonLink>
    );
  }
  return <UserStatusMenu state={state} />;
}

function UserIdentity({ state }: { state: Exclude<AuthState, { kind: 'unauthenticated' }> }) {
  const badge = badgeOf(state);
  const actingFor = state.kind === 'provider' && state.caregiverName ? state.patientName : null;
  const personName = state.kind === 'provider' ? (state.caregiverName ?? state.patientName) : 'Guest';
  const email = state.email;
  return (
    <div className="portal-user__identity">
      <span className={cx('portal-avatar', 'portal-avatar--lg', state.kind === 'guest' && 'portal-avatar--guest')} aria-hidden="true">
        {initialsOf(state)}
      </span>
      <div className="portal-user__details">
        <p className="portal-user__full-name">{personName}</p>
        {actingFor ? <p className="portal-user__acting">Acting for {actingFor}</p> : null}
        {email ? <p className="portal-user__email">{email}</p> : null}
        <Badge variant={state.kind === 'provider' ? 'default' : 'secondary'} className="portal-user__badge">
          {state.kind === 'provider' ? `Signed in with ${badge}` : 'Verified guest'}
        </Badge>
      </div>
    </div>
  );
}

function UserStatusMenu({ state }: { state: Exclude<AuthState, { kind: 'unauthenticated' }> }) {
  const { pathname, search } = useLocation();
  const isProvider = state.kind === 'provider';
  const displayName = displayNameOf(state);
  const badge = badgeOf(state) ?? '';
  const customer = useQuery({ queryKey: CUSTOMER_CHECK_QUERY_KEY, queryFn: readCustomer });
  const { logout, isLoggingOut } = useLogout();
  const { start, isStarting } = useProviderSignIn();
  const [openingBilling, setOpeningBilling] = useState(false);
  const [nurseLineOpen, setNurseLineOpen] = useState(false);
  const practice = usePractice();
  const patientPortalUrl = practice.data?.patientPortalUrl;

  const switchAccount = (): void => {
    start('switch', `${pathname}${search}`).catch((error: unknown) => {
      toast({
        title: 'Switch Account Failed',
        description: error instanceof Error && !/^\d{3}: /.test(error.message) ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    });
  };

  const billing = (): void => {
    setOpeningBilling(true);
    void openBillingPortal(() => openPortalSession(api)).finally(() => setOpeningBilling(false));
  };

  return (
    <>
      <Menu
        className="portal-user"
        buttonClassName="portal-user__button"
        buttonLabel={`${displayName}, ${badge}, account menu`}
        menuLabel="Account menu"
        button={
          <>
            <span className={cx('portal-avatar', state.kind === 'guest' && 'portal-avatar--guest')} aria-hidden="true">
              {initialsOf(state)}
            </span>
            <span className="portal-user__summary">
              <span className="portal-user__name">{displayName}</span>
              <Badge variant={isProvider ? 'default' : 'secondary'} className="portal-user__badge">
                {badge}
              </Badge>
            </span>
            <ChevronDownIcon size={18} className="portal-user__chevron" />
          </>
        }
        header={<UserIdentity state={state} />}
      >
        <MenuItem href="/enrollment" icon={<ClipboardIcon size={18} />}>
          Membership Enrollment
        </MenuItem>
        <MenuGroup label="Members Only Benefits">
          <MenuItem href="/appointments" icon={<CalendarIcon size={18} />}>
            Manage Appointments
          </MenuItem>
          {isProvider ? (
            <MenuItem onSelect={() => setNurseLineOpen(true)} icon={<PhoneIcon size={18} />}>
              Nurse Phone Messaging
            </MenuItem>
          ) : (
            <MenuItem disabled tooltip={NURSE_LINE_DISABLED_TOOLTIP} icon={<PhoneIcon size={18} />}>
              Nurse Phone Messaging
            </MenuItem>
          )}
          {customer.data?.hasCustomer ? (
            <MenuItem onSelect={billing} busy={openingBilling} icon={<CreditCardIcon size={18} />}>
              Membership Billing
            </MenuItem>
          ) : null}
        </MenuGroup>
        <MenuGroup label="Patient Portal" note={isProvider ? undefined : PORTAL_CREDENTIALS_NOTE}>
          {PATIENT_PORTAL_ITEMS.map((item) =>
            patientPortalUrl ? (
              <MenuItem key={item.label} href={patientPortalUrl} external icon={item.icon}>
                {item.label}
              </MenuItem>
            ) : (
              <MenuItem key={item.label} disabled tooltip="Loading the patient portal link..." icon={item.icon}>
                {item.label}
              </MenuItem>
            ),
          )}
        </MenuGroup>
        <MenuSeparator />
        {isProvider ? (
          <MenuItem onSelect={switchAccount} busy={isStarting} keepOpen icon={<SwitchUserIcon size={18} />}>
            {isStarting ? 'Switching...' : 'Switch Account'}
          </MenuItem>
        ) : null}
        <MenuItem onSelect={() => void logout()} busy={isLoggingOut} keepOpen tone="destructive" icon={<LogOutIcon size={18} />}>
          {isLoggingOut ? 'Logging out...' : 'Logout'}
        </MenuItem>
      </Menu>
      {/* Opened from the menu on any page (issue 14); the dashboard's card opens its own. */}
      <NurseLineDialog open={nurseLineOpen} onOpenChange={setNurseLineOpen} viewer={isProvider ? 'provider' : 'guest'} />
    </>
  );
}
