import { useEffect } from 'react';
import { ButtonLink, Container, EmptyState, MapPinIcon } from '@portal/ui';

/** Every path no micro-frontend owns (booking-dashboard-staff §2, fallback route). */
export function NotFound() {
  useEffect(() => {
    document.title = '404 Page Not Found | Member Portal';
  }, []);
  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        icon={<MapPinIcon size={28} />}
        title="404 Page Not Found"
        description="We couldn't find the page you were looking for. It may have moved, or the address may be mistyped."
        actions={<ButtonLink href="/dashboard">Go to the Dashboard</ButtonLink>}
      />
    </Container>
  );
}
