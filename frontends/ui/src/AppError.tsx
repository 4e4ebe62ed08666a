import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';
import { AlertIcon } from './Icons.tsx';
import { Container } from './Layout.tsx';

/** What a micro-frontend's error boundary shows when its pages crash. */
export function AppError() {
  return (
    <Container size="md">
      <EmptyState
        headingLevel={1}
        tone="destructive"
        icon={<AlertIcon size={28} />}
        title="Something went wrong"
        description={<p role="alert">This part of the portal could not be loaded. Please refresh the page.</p>}
        actions={<Button onClick={() => window.location.reload()}>Refresh the page</Button>}
      />
    </Container>
  );
}
