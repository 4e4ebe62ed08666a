import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FailedDocumentSubmission } from '@portal/contracts';
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FileTextIcon, LoadingState } from '@portal/ui';
import { api } from '@portal/client';
import { fetchFailedDocuments } from '../staff-api.ts';
import { UNREADABLE_ANSWER, isUnreadableAnswer } from '../staff-session.ts';

const DOCUMENT_NAMES: Readonly<Record<FailedDocumentSubmission['documentType'], string>> = {
  membership_agreement: 'Membership Agreement',
  privacy_practices: 'Privacy Practices acknowledgment',
};

const when = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' });

/**
 * Signed documents the worker could not file into the chart after its last retry: staff file
 * them by hand (the signed PDF is in SignWell under the enrollment's document id).
 */
export function FailedDocuments({ token }: { token: string }) {
  const titleId = useId();
  const query = useQuery({ queryKey: ['staff', 'document-submissions', 'failed'], queryFn: ({ signal }) => fetchFailedDocuments(api, token, signal) });
  return (
    <Card as="section" className="staff-failed-documents" aria-labelledby={titleId}>
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <FileTextIcon size={22} />
        </span>
        <CardTitle as="h2" id={titleId}>
          Documents to file by hand
        </CardTitle>
        <CardDescription>Signed documents that could not be filed into the patient's chart after every retry.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState label="Loading documents..." />
        ) : query.isError ? (
          <Alert variant="destructive" title="Could not load the documents">
            <p>{isUnreadableAnswer(query.error) ? UNREADABLE_ANSWER : 'Please try again.'}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : query.data.length === 0 ? (
          <p className="ui-help-text">Nothing to file: every signed document reached the chart.</p>
        ) : (
          <div className="staff-table-wrap" role="region" aria-label="Documents to file by hand" tabIndex={0}>
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">Patient ID</th>
                  <th scope="col">Document</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Last tried</th>
                  <th scope="col">Enrollment</th>
                </tr>
              </thead>
              <tbody>
                {query.data.map((submission) => (
                  <tr key={submission.id}>
                    <td>{submission.patientId}</td>
                    <td>{DOCUMENT_NAMES[submission.documentType]}</td>
                    <td>{submission.uploadAttempts}</td>
                    <td>{submission.lastAttemptError ?? '—'}</td>
                    <td>{when(submission.updatedAt)}</td>
                    <td className="ui-nowrap">{submission.enrollmentId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
