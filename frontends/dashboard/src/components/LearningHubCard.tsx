import { Badge, Button, Card, CardDescription, CardFooter, CardHeader, CardTitle, FileTextIcon } from '@portal/ui';
import { COMING_SOON } from '../action-cards.ts';

/** The Patient Learning Hub (booking-dashboard-staff §2): shown disabled, 'Coming Soon', to provider-login users. */
export function LearningHubCard() {
  return (
    <Card as="article" aria-labelledby="dash-learning-title" className="dash-coming-soon">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <FileTextIcon size={22} />
        </span>
        <CardTitle id="dash-learning-title">Patient Learning Hub</CardTitle>
        <CardDescription>Articles and videos about staying healthy, from our care team.</CardDescription>
      </CardHeader>
      <CardFooter>
        <Badge variant="secondary">{COMING_SOON}</Badge>
        <Button variant="secondary" block disabled>
          {COMING_SOON}
        </Button>
      </CardFooter>
    </Card>
  );
}
