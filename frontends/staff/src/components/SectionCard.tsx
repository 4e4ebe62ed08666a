import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@portal/ui';

/** A staff portal card: a section named by its h2 title, with an optional description. */
export function SectionCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {title}
        </CardTitle>
        {description === undefined ? null : <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children}
    </Card>
  );
}

/** A staff form's footer: its submit button (busy while it works) and Start Over. */
export function SubmitOrStartOver({
  label,
  loading,
  loadingText,
  disabled,
  onStartOver,
}: {
  label: string;
  loading: boolean;
  loadingText: string;
  disabled?: boolean;
  onStartOver: () => void;
}) {
  return (
    <CardFooter>
      <div className="ui-actions">
        <Button type="submit" loading={loading} loadingText={loadingText} disabled={disabled}>
          {label}
        </Button>
        <Button type="button" variant="ghost" onClick={onStartOver}>
          Start Over
        </Button>
      </div>
    </CardFooter>
  );
}
