import { useId } from 'react';
import { Button } from '@portal/ui';
import type { StaffPatientRecord } from '@portal/contracts';
import { fullName } from './staff-subscription.ts';

/** The 'Search Results' table, a Select button a patient (busy while their details load). */
export function SearchResults({
  results,
  loadingPatient,
  onSelect,
}: {
  results: readonly StaffPatientRecord[];
  loadingPatient: string | null;
  onSelect: (patient: StaffPatientRecord) => Promise<void>;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="staff-section-title">
        Search Results
      </h2>
      {results.length === 0 ? (
        <p>No patients found. Check the spelling and the date of birth.</p>
      ) : (
        <div className="staff-table-wrap" role="region" aria-label="Search results" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Date of Birth</th>
                <th scope="col">Patient ID</th>
                <th scope="col">Email</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {results.map((row) => (
                <tr key={row.patientid}>
                  <td>{fullName(row)}</td>
                  <td>{row.dob}</td>
                  <td>{row.patientid}</td>
                  <td>{row.email ?? '—'}</td>
                  <td>
                    <Button size="sm" variant="secondary" loading={loadingPatient === row.patientid} loadingText="Loading..." onClick={() => void onSelect(row)} aria-label={`Select ${fullName(row)}`}>
                      Select
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
