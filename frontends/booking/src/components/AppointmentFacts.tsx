import { useWords } from '../i18n.ts';
import { localWeekday, slotDate, slotTime } from '../schedule.ts';

/** An appointment's facts as the confirmation and the existing-appointment dialog show them, in the page's language. */
export function AppointmentFacts(props: { date: string; time: string; providerName?: string | null; typeName?: string | null; location?: string | null }) {
  const { t, locale } = useWords();
  const date = slotDate(props.date, locale);
  const weekday = localWeekday(props.date, locale);
  const rows: Array<[string, string | null | undefined]> = [
    [t('facts.date'), weekday ? t('facts.dateValue', { weekday, date }) : date],
    [t('facts.time'), slotTime(props.time, locale)],
    [t('facts.provider'), props.providerName],
    [t('facts.appointmentType'), props.typeName],
    [t('facts.location'), props.location],
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
