import { Suspense, lazy, useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, PhoneIcon } from '@portal/ui';
import { useLocation } from '@portal/client';
import { asksForNurseLine } from '../action-cards.ts';
import { useT } from '../i18n.ts';

/**
 * Nurse Phone Messaging (booking-dashboard-staff §2 'Action cards', 'Nurse line dialog'): opens
 * the nurse line dialog (also opened from the account menu on any page). Guests see it disabled
 * with 'Sign in with athenahealth credentials to access'. /dashboard?nurse=1 opens it.
 */
// The dialog (Radix Dialog) loads when first opened (decision 0034), and stays for its closing.
const NurseLineDialog = lazy(() => import('@portal/ui/NurseLineDialog.tsx').then((module) => ({ default: module.NurseLineDialog })));

export function NurseLineCard({ guest }: { guest: boolean }) {
  const t = useT();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!guest && asksForNurseLine(search)) setOpen(true);
  }, [guest, search]);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return (
    <Card as="article" aria-labelledby="dash-nurse-title">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <PhoneIcon size={22} />
        </span>
        <CardTitle id="dash-nurse-title">{t('nurse.title')}</CardTitle>
        <CardDescription>{t('nurse.description')}</CardDescription>
      </CardHeader>
      {guest ? (
        <CardContent>
          <Alert variant="info" title={t('nurse.guestTitle')}>
            {t('nurse.guestText')}
          </Alert>
        </CardContent>
      ) : null}
      <CardFooter>
        <Button variant="secondary" block disabled={guest} onClick={() => setOpen(true)}>
          {t('nurse.open')}
        </Button>
      </CardFooter>
      {guest || !(open || opened) ? null : (
        <Suspense fallback={null}>
          <NurseLineDialog open={open} onOpenChange={setOpen} viewer="provider" />
        </Suspense>
      )}
    </Card>
  );
}
