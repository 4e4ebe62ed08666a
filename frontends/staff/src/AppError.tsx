import { AlertIcon, Button, Container, EmptyState } from '@portal/ui';

/** Rendered by the error boundary when the staff portal crashes. */
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
