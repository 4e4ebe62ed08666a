import { formatSlotDate, formatTime12h, weekdayName } from '../schedule.ts';

/** An appointment's facts as the confirmation and the existing-appointment dialog show them. */
export function AppointmentFacts(props: { date: string; time: string; providerName?: string | null; typeName?: string | null; location?: string | null }) {
  const date = formatSlotDate(props.date);
  const weekday = weekdayName(date);
  const rows: Array<[string, string | null | undefined]> = [
    ['Date', weekday ? `${weekday}, ${date}` : date],
    ['Time', formatTime12h(props.time)],
    ['Provider', props.providerName],
    ['Appointment type', props.typeName],
    ['Location', props.location],
  ];
  return (
    <dl className="booking-facts booking-facts--stacked">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
