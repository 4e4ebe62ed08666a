/** Something a page needs did not load: a red alert saying so, with 'Try again'. */
import type { ReactNode } from 'react';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Stack } from './Layout.tsx';
import { useUiT } from './i18n.ts';

export interface RetryAlertProps {
  readonly title: string;
  readonly children: ReactNode;
  readonly onRetry: () => void;
  /** True while the retry runs: the button shows 'Trying again...'. */
  readonly retrying: boolean;
}

export function RetryAlert({ title, children, onRetry, retrying }: RetryAlertProps) {
  const t = useUiT();
  return (
    <Alert variant="destructive" role="alert" title={title}>
      <Stack gap={3}>
        <p>{children}</p>
        <div>
          <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying} loadingText={t('common.tryingAgain')}>
            {t('common.tryAgain')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
