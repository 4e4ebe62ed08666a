import { Badge, Button, Card, CardDescription, CardFooter, CardHeader, CardTitle, FileTextIcon } from '@portal/ui';
import { useT } from '../i18n.ts';

/** The Patient Learning Hub (booking-dashboard-staff §2): shown disabled, 'Coming Soon', to provider-login users. */
export function LearningHubCard() {
  const t = useT();
  return (
    <Card as="article" aria-labelledby="dash-learning-title" className="dash-coming-soon">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <FileTextIcon size={22} />
        </span>
        <CardTitle id="dash-learning-title">{t('learning.title')}</CardTitle>
        <CardDescription>{t('learning.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Badge variant="secondary">{t('learning.comingSoon')}</Badge>
        <Button variant="secondary" block disabled>
          {t('learning.comingSoon')}
        </Button>
      </CardFooter>
    </Card>
  );
}
