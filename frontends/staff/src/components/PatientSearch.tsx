import type { FormEvent } from 'react';
import { Alert, CardContent, Field, Input } from '@portal/ui';
import { DOB_MAX_LENGTH, SEARCH_FAILED, formatDobInput, type SearchForm } from '../staff-portal.ts';
import { SectionCard, SubmitOrStartOver } from './SectionCard.tsx';

/** The 'Patient Search' card: first name, last name, date of birth; Search and Start Over. */
export function PatientSearch({
  search,
  errors,
  error,
  searching,
  onChange,
  onSearch,
  onStartOver,
}: {
  search: SearchForm;
  errors: Partial<Record<keyof SearchForm, string>>;
  error: string | null;
  searching: boolean;
  onChange: (search: SearchForm) => void;
  onSearch: (event: FormEvent) => Promise<void>;
  onStartOver: () => void;
}) {
  return (
    <SectionCard title="Patient Search" description="Search the health record by first name, last name and date of birth.">
      <form onSubmit={(event) => void onSearch(event)} noValidate>
        <CardContent>
          <div className="staff-search-grid">
            <Field label="First Name" required error={errors.firstName}>
              <Input value={search.firstName} autoComplete="off" maxLength={100} onChange={(event) => onChange({ ...search, firstName: event.target.value })} />
            </Field>
            <Field label="Last Name" required error={errors.lastName}>
              <Input value={search.lastName} autoComplete="off" maxLength={100} onChange={(event) => onChange({ ...search, lastName: event.target.value })} />
            </Field>
            <Field label="Date of Birth" required hint="MM/DD/YYYY" error={errors.dateOfBirth}>
              <Input
                value={search.dateOfBirth}
                inputMode="numeric"
                autoComplete="off"
                placeholder="MM/DD/YYYY"
                maxLength={DOB_MAX_LENGTH}
                onChange={(event) => onChange({ ...search, dateOfBirth: formatDobInput(event.target.value) })}
              />
            </Field>
          </div>
          {error ? (
            <Alert variant="destructive" role="alert" title={SEARCH_FAILED}>
              {error}
            </Alert>
          ) : null}
        </CardContent>
        <SubmitOrStartOver label="Search" loading={searching} loadingText="Searching..." onStartOver={onStartOver} />
      </form>
    </SectionCard>
  );
}
