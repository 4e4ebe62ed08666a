import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, Field, Input, LoadingState, Stack } from '@portal/ui';
import { api, formatDollars } from '@portal/client';
import type { StaffReportResponse } from '@portal/contracts';
import { fetchPracticeReport } from '../staff-api.ts';
import { PRACTICE_REPORT_QUERY_KEY } from '../staff-queries.ts';
import { barLayout, defaultPeriod, formatMonthly, locationName, reportCsv, reportFileName, tierName } from '../staff-report.ts';

const CHART_WIDTH = 360;
const ROW_HEIGHT = 28;
const LABEL_WIDTH = 132;

/** Horizontal bars in inline SVG; the figures are also in the table that follows it. */
function BarChart({ title, items, tableId }: { title: string; items: readonly { label: string; value: number }[]; tableId: string }) {
  const titleId = useId();
  const bars = barLayout(items, CHART_WIDTH, ROW_HEIGHT, LABEL_WIDTH);
  const summary = items.map((item) => `${item.label}: ${item.value}`).join(', ');
  return (
    <figure className="staff-chart">
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${items.length * ROW_HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={tableId}
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={titleId}>{`${title}: ${summary}`}</title>
        {bars.map((bar) => (
          <g key={bar.label}>
            <text x={0} y={bar.y + bar.height / 2} dominantBaseline="middle" className="staff-chart__label">
              {bar.label}
            </text>
            <rect x={bar.x} y={bar.y} width={Math.max(bar.width, 0)} height={bar.height} rx={3} className="staff-chart__bar" />
            <text x={bar.x + bar.width + 6} y={bar.y + bar.height / 2} dominantBaseline="middle" className="staff-chart__value">
              {bar.value}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>{title}</figcaption>
    </figure>
  );
}

function downloadCsv(report: StaffReportResponse): void {
  const blob = new Blob([reportCsv(report)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(report);
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The practice report (issue 14, decision 0029): figures for a chosen period, a bar chart of
 * active members by tier (with the same figures as a table), active members by location and by
 * tier and location, and the CSV download.
 */
export function PracticeReport({ token }: { token: string }) {
  const ids = useId();
  const [draft, setDraft] = useState(() => defaultPeriod(new Date()));
  const [period, setPeriod] = useState(draft);
  const [formError, setFormError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...PRACTICE_REPORT_QUERY_KEY, period.from, period.to],
    queryFn: ({ signal }) => fetchPracticeReport(api, token, period, signal),
    staleTime: 60_000,
    retry: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to) return setFormError('Choose both dates.');
    if (draft.from > draft.to) return setFormError('The start date must not be after the end date.');
    setFormError(null);
    setPeriod({ ...draft });
  };

  const report = query.data;
  return (
    <Stack gap={5}>
      <Card as="section" aria-labelledby={`${ids}-title`}>
        <CardHeader>
          <CardTitle as="h2" id={`${ids}-title`}>
            Practice Report
          </CardTitle>
          <CardDescription>Members by tier and location, monthly recurring revenue and the period's changes, from the practice's enrollment records.</CardDescription>
        </CardHeader>
        <form onSubmit={submit} noValidate>
          <CardContent>
            <div className="staff-search-grid">
              <Field label="From" required>
                <Input type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
              </Field>
              <Field label="To" required>
                <Input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
              </Field>
            </div>
            {formError ? (
              <Alert variant="destructive" role="alert" title="Check the period">
                {formError}
              </Alert>
            ) : null}
          </CardContent>
          <CardFooter>
            <div className="ui-actions">
              <Button type="submit" loading={query.isFetching} loadingText="Loading...">
                Show Report
              </Button>
              <Button type="button" variant="secondary" disabled={!report} onClick={() => report && downloadCsv(report)}>
                Download CSV
              </Button>
            </div>
          </CardFooter>
        </form>
      </Card>

      {query.isPending ? <LoadingState compact label="Loading the report..." /> : null}
      {query.isError ? (
        <Alert variant="destructive" role="alert" title="The report could not be loaded">
          Please check the period and try again.
        </Alert>
      ) : null}

      {report ? (
        <section aria-labelledby={`${ids}-figures`} className="staff-report">
          <h2 id={`${ids}-figures`} className="staff-section-title">
            {report.period.from} to {report.period.to}
          </h2>
          <dl className="staff-figures" aria-live="polite">
            <div>
              <dt>Active members</dt>
              <dd>{report.activeMembers}</dd>
            </div>
            <div>
              <dt>Monthly recurring revenue</dt>
              <dd>{formatMonthly(report.monthlyRecurringRevenueCents)}</dd>
            </div>
            <div>
              <dt>New members</dt>
              <dd>{report.newMembers}</dd>
            </div>
            <div>
              <dt>Cancelled members</dt>
              <dd>{report.cancelledMembers}</dd>
            </div>
            <div>
              <dt>Past due now</dt>
              <dd>
                {report.pastDueMembers}
                <span className="staff-figures__note"> ({report.pastDueInPeriod} in period)</span>
              </dd>
            </div>
            <div>
              <dt>Declines</dt>
              <dd>{report.declines}</dd>
            </div>
            <div>
              <dt>Hardship declines</dt>
              <dd>{report.hardshipDeclines}</dd>
            </div>
          </dl>

          <BarChart
            title="Active members by tier"
            tableId={`${ids}-tiers`}
            items={report.activeByTier.map((row) => ({ label: tierName(row.tier), value: row.count }))}
          />
          <div className="staff-table-wrap" role="region" aria-label="Active members by tier" tabIndex={0}>
            <table className="staff-table" id={`${ids}-tiers`}>
              <caption className="ui-visually-hidden">Active members and monthly revenue by tier</caption>
              <thead>
                <tr>
                  <th scope="col">Tier</th>
                  <th scope="col">Active members</th>
                  <th scope="col">Monthly revenue</th>
                </tr>
              </thead>
              <tbody>
                {report.activeByTier.map((row) => (
                  <tr key={row.tier}>
                    <th scope="row">{tierName(row.tier)}</th>
                    <td>{row.count}</td>
                    <td>{formatDollars(row.monthlyRevenueCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h3 className="staff-subtitle">Active members by location</h3>
          {report.activeByLocation.length === 0 ? (
            <p>No active members.</p>
          ) : (
            <div className="staff-table-wrap" role="region" aria-label="Active members by location" tabIndex={0}>
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">Location</th>
                    <th scope="col">Active members</th>
                    {report.activeByTier.map((row) => (
                      <th scope="col" key={row.tier}>
                        {tierName(row.tier)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.activeByLocation.map((row) => (
                    <tr key={row.location}>
                      <th scope="row">{locationName(row.location)}</th>
                      <td>{row.count}</td>
                      {report.activeByTier.map((tier) => (
                        <td key={tier.tier}>{report.activeByTierAndLocation.find((cell) => cell.tier === tier.tier && cell.location === row.location)?.count ?? 0}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="ui-help-text">
            Active, past-due and cancelled follow Stripe's subscription status as recorded on each enrollment (kept by Stripe's events and the
            reconciler). New members started a paid membership in the period; declines are choices made in the period.
          </p>
        </section>
      ) : null}
    </Stack>
  );
}
