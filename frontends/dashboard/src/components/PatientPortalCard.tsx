import { Alert, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, ExternalLinkIcon, FileTextIcon, buttonClassName } from '@portal/ui';
import { usePractice } from '@portal/client';
import { useT } from '../i18n.ts';

/**
 * Opens the health record's patient portal login in a new tab (its address is practice
 * configuration: GET /api/config/practice); guests are told they need portal credentials.
 */
export function PatientPortalCard({ guest }: { guest: boolean }) {
  const t = useT();
  const portalUrl = usePractice().data?.patientPortalUrl;
  return (
    <Card as="article" aria-labelledby="dash-portal-title">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <FileTextIcon size={22} />
        </span>
        <CardTitle id="dash-portal-title">{t('portal.title')}</CardTitle>
        <CardDescription>{t('portal.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {guest ? (
          <Alert variant="warning" title={t('portal.credentialsRequired')}>
            {t('portal.credentialsText')}
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter>
        {portalUrl ? (
          <a className={buttonClassName({ variant: 'secondary', block: true })} href={portalUrl} target="_blank" rel="noopener noreferrer">
            {t('portal.open')}
            <ExternalLinkIcon size={18} />
            <span className="ui-visually-hidden">{t('common.opensInNewTab')}</span>
          </a>
        ) : (
          <Button variant="secondary" block loading loadingText={t('portal.loading')}>
            {t('portal.open')}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
