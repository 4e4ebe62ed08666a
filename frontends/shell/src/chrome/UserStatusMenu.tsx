/**
 * The user-status menu itself (loaded by UserStatus.tsx when the pointer or focus comes to its
 * button): the signed-in person, the member links, Patient Portal, Switch Account and Logout, on
 * @portal/ui's Menu (Radix Dropdown Menu), and the nurse line dialog it opens.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CustomerCheckResponse } from '@portal/contracts';
import {
  Badge,
  CalendarIcon,
  ClipboardIcon,
  CreditCardIcon,
  FileTextIcon,
  FlaskIcon,
  LogOutIcon,
  Menu,
  MenuChoice,
  MenuGroup,
  MenuItem,
  MenuSeparator,
  MessageIcon,
  NurseLineDialog,
  PhoneIcon,
  ReceiptIcon,
  SwitchUserIcon,
  cx,
} from '@portal/ui';
import {
  CUSTOMER_CHECK_QUERY_KEY,
  api,
  badgeOf,
  initialsOf,
  toast,
  useLocation,
  useLogout,
  usePractice,
  useProviderSignIn,
  openBillingPortal,
} from '@portal/client';
import { apiErrorOf, apiErrorText } from '@portal/client/api-error-text.ts';
import { checkCustomer, openPortalSession } from '../shell-api.ts';
import { LOCALES, LOCALE_NAMES, langOf } from '@portal/contracts/locale.ts';
import { MenuButtonContent, menuButtonLabel, type MenuIntent, type SignedIn } from './user-status-button.tsx';
import { chooseLanguage } from './LanguageSwitch.tsx';
import { messages, useT, type MessageId } from '../i18n.ts';

const PATIENT_PORTAL_ITEMS: ReadonlyArray<{ label: MessageId; icon: ReactNode }> = [
  { label: 'menu.patientChart', icon: <FileTextIcon size={18} /> },
  { label: 'menu.labResults', icon: <FlaskIcon size={18} /> },
  { label: 'menu.messagePractice', icon: <MessageIcon size={18} /> },
  { label: 'menu.primaryCareBilling', icon: <ReceiptIcon size={18} /> },
];

function UserIdentity({ state }: { state: SignedIn }) {
  const t = useT();
  const badge = badgeOf(state);
  const actingFor = state.kind === 'provider' && state.caregiverName ? state.patientName : null;
  const personName = state.kind === 'provider' ? (state.caregiverName ?? state.patientName) : t('menu.guest');
  const email = state.email;
  return (
    <div className="portal-user__identity">
      <span className={cx('portal-avatar', 'portal-avatar--lg', state.kind === 'guest' && 'portal-avatar--guest')} aria-hidden="true">
        {initialsOf(state)}
      </span>
      <div className="portal-user__details">
        <p className="portal-user__full-name">{personName}</p>
        {actingFor ? <p className="portal-user__acting">{t('menu.actingFor', { name: actingFor })}</p> : null}
        {email ? <p className="portal-user__email">{email}</p> : null}
        <Badge variant={state.kind === 'provider' ? 'default' : 'secondary'} className="portal-user__badge">
          {state.kind === 'provider' ? t('menu.signedInWith', { badge: badge ?? '' }) : t('menu.verifiedGuest')}
        </Badge>
      </div>
    </div>
  );
}

/** GET /api/stripe/customer-check; any failure (an answer it cannot read too) counts as no customer. */
const readCustomer = async ({ signal }: { signal: AbortSignal }): Promise<CustomerCheckResponse> => {
  try {
    return { hasCustomer: (await checkCustomer(api, signal)).hasCustomer };
  } catch {
    return { hasCustomer: false };
  }
};

export default function UserStatusMenu({ state, intent }: { state: SignedIn; intent: MenuIntent }) {
  const t = useT();
  const locale = messages.useLocale();
  const { pathname, search } = useLocation();
  const isProvider = state.kind === 'provider';
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A click on the placeholder opens the menu at once; a key is replayed below.
  const [openAtOnce] = useState(() => intent.pressed && intent.key === null);
  // Whether Membership Billing is offered.
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
        title: t('menu.switchFailedTitle'),
        description: error instanceof Error && !/^\d{3}: /.test(error.message) ? apiErrorText(apiErrorOf(error)) : t('menu.switchFailedText'),
        variant: 'destructive',
      });
    });
  };

  // Take over from the placeholder button: focus, and the key that was pressed on it.
  useEffect(() => {
    const button = buttonRef.current;
    const { focused, key, pressed } = intent;
    intent.focused = false;
    intent.key = null;
    intent.pressed = false;
    // Pressed after this menu first rendered (too late for openAtOnce) but before it took over.
    if (button && pressed && key === null && !openAtOnce) {
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse' }));
      return;
    }
    // Focus went nowhere when the placeholder left the page (not elsewhere by the user's choice).
    const orphaned = document.activeElement === null || document.activeElement === document.body;
    if (!button || !(focused || key !== null) || !orphaned) return;
    button.focus();
    if (key !== null) button.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, [intent, openAtOnce]);

  const billing = (): void => {
    setOpeningBilling(true);
    void openBillingPortal(() => openPortalSession(api)).finally(() => setOpeningBilling(false));
  };

  return (
    <>
      <Menu
        className="portal-user"
        buttonClassName="portal-user__button"
        buttonLabel={menuButtonLabel(state)}
        buttonRef={buttonRef}
        defaultOpen={openAtOnce}
        button={<MenuButtonContent state={state} />}
        header={<UserIdentity state={state} />}
      >
        <MenuItem href="/enrollment" icon={<ClipboardIcon size={18} />}>
          {t('menu.enrollment')}
        </MenuItem>
        <MenuGroup label={t('menu.benefits')}>
          <MenuItem href="/appointments" icon={<CalendarIcon size={18} />}>
            {t('menu.appointments')}
          </MenuItem>
          {isProvider ? (
            <MenuItem onSelect={() => setNurseLineOpen(true)} icon={<PhoneIcon size={18} />}>
              {t('menu.nurseLine')}
            </MenuItem>
          ) : (
            <MenuItem disabled tooltip={t('menu.nurseLineGuest')} icon={<PhoneIcon size={18} />}>
              {t('menu.nurseLine')}
            </MenuItem>
          )}
          {customer.data?.hasCustomer ? (
            <MenuItem onSelect={billing} busy={openingBilling} icon={<CreditCardIcon size={18} />}>
              {t('menu.billing')}
            </MenuItem>
          ) : null}
        </MenuGroup>
        <MenuGroup label={t('menu.patientPortal')} note={isProvider ? undefined : t('menu.credentialsNote')}>
          {PATIENT_PORTAL_ITEMS.map((item) =>
            patientPortalUrl ? (
              <MenuItem key={item.label} href={patientPortalUrl} external icon={item.icon}>
                {t(item.label)}
              </MenuItem>
            ) : (
              <MenuItem key={item.label} disabled tooltip={t('menu.loadingPortalLink')} icon={item.icon}>
                {t(item.label)}
              </MenuItem>
            ),
          )}
        </MenuGroup>
        <MenuChoice
          label={t('language.label')}
          options={LOCALES.map((option) => ({ value: option, label: LOCALE_NAMES[option], lang: langOf(option) }))}
          value={locale}
          onChange={(option) => chooseLanguage(option, true)}
        />
        <MenuSeparator />
        {isProvider ? (
          <MenuItem onSelect={switchAccount} busy={isStarting} keepOpen icon={<SwitchUserIcon size={18} />}>
            {isStarting ? t('menu.switching') : t('menu.switchAccount')}
          </MenuItem>
        ) : null}
        <MenuItem onSelect={() => void logout()} busy={isLoggingOut} keepOpen tone="destructive" icon={<LogOutIcon size={18} />}>
          {isLoggingOut ? t('menu.loggingOut') : t('menu.logout')}
        </MenuItem>
      </Menu>
      {/* Opened from the menu on any page (issue 14); the dashboard's card opens its own. */}
      <NurseLineDialog open={nurseLineOpen} onOpenChange={setNurseLineOpen} viewer={isProvider ? 'provider' : 'guest'} />
    </>
  );
}
