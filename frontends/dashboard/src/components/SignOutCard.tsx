import { Button, Card, CardDescription, CardFooter, CardHeader, CardTitle, LogOutIcon } from '@portal/ui';
import { useLogout } from '@portal/client';

/** Sign Out: the same logout as the account menu ('Logging out...' while busy). */
export function SignOutCard() {
  const { logout, isLoggingOut } = useLogout();
  return (
    <Card as="article">
      <CardHeader>
        <span className="ui-card__icon ui-card__icon--destructive" aria-hidden="true">
          <LogOutIcon size={22} />
        </span>
        <CardTitle>Sign Out</CardTitle>
        <CardDescription>Sign out of the Member Portal on this device. Your details are cleared from this browser.</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="secondary" block onClick={() => void logout()} loading={isLoggingOut} loadingText="Logging out...">
          Sign Out
        </Button>
      </CardFooter>
    </Card>
  );
}
