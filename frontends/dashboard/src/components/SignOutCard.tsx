import { Button, Card, CardDescription, CardFooter, CardHeader, CardTitle, LogOutIcon } from '@portal/ui';
import { useLogout } from '@portal/client';
import { useT } from '../i18n.ts';

/** Sign Out: the same logout as the account menu ('Logging out...' while busy). */
export function SignOutCard() {
  const t = useT();
  const { logout, isLoggingOut } = useLogout();
  return (
    <Card as="article">
      <CardHeader>
        <span className="ui-card__icon ui-card__icon--destructive" aria-hidden="true">
          <LogOutIcon size={22} />
        </span>
        <CardTitle>{t('signOut.title')}</CardTitle>
        <CardDescription>{t('signOut.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="secondary" block onClick={() => void logout()} loading={isLoggingOut} loadingText={t('signOut.busy')}>
          {t('signOut.button')}
        </Button>
      </CardFooter>
    </Card>
  );
}
