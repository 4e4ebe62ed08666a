import { Alert, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, ExternalLinkIcon, FileTextIcon, buttonClassName } from '@portal/ui';
import { usePractice } from '@portal/client';

export const PORTAL_CREDENTIALS_NOTE = 'Portal credentials required';

/**
 * Opens the health record's patient portal login in a new tab (its address is practice
 * configuration: GET /api/config/practice); guests are told they need portal credentials.
 */
export function PatientPortalCard({ guest }: { guest: boolean }) {
  const portalUrl = usePractice().data?.patientPortalUrl;
  return (
    <Card as="article" aria-labelledby="dash-portal-title">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <FileTextIcon size={22} />
        </span>
        <CardTitle id="dash-portal-title">Patient Portal</CardTitle>
        <CardDescription>View your chart and lab results, message the practice and pay primary care bills.</CardDescription>
      </CardHeader>
      <CardContent>
        {guest ? (
          <Alert variant="warning" title={PORTAL_CREDENTIALS_NOTE}>
            Sign in there with your athenahealth patient portal username and password.
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter>
        {portalUrl ? (
          <a className={buttonClassName({ variant: 'secondary', block: true })} href={portalUrl} target="_blank" rel="noopener noreferrer">
            Open Patient Portal
            <ExternalLinkIcon size={18} />
            <span className="ui-visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <Button variant="secondary" block loading loadingText="Loading...">
            Open Patient Portal
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
