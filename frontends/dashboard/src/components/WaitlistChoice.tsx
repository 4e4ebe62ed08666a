import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DashboardAppointment, WaitlistChoice as Choice } from '@portal/contracts';
import { HelpText, Label, Select } from '@portal/ui';
import { api, toast } from '@portal/client';
import { upcomingAppointmentsKey } from '../appointments.ts';
import { setAppointmentWaitlist } from '../dashboard-api.ts';
import { useT, type MessageId } from '../i18n.ts';

const CHOICES: ReadonlyArray<{ value: Choice; label: MessageId }> = [
  { value: 'off', label: 'waitlist.off' },
  { value: 'same-provider', label: 'waitlist.sameProvider' },
  { value: 'any-provider', label: 'waitlist.anyProvider' },
];

/**
 * The earlier-slot waitlist choice of one upcoming appointment (issue 13): when another member's
 * cancel frees an earlier time, we email a link that moves this appointment there in one step.
 */
export function WaitlistChoice({ appointment, patientId, when }: { appointment: DashboardAppointment; patientId: string; when: { readonly date: string; readonly time: string } }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<Choice>(appointment.waitlist ?? 'off');
  const [saving, setSaving] = useState(false);

  const choose = async (next: Choice): Promise<void> => {
    const previous = value;
    setValue(next);
    setSaving(true);
    try {
      await setAppointmentWaitlist(api, appointment.appointmentId, next);
      toast({
        title: t(next === 'off' ? 'waitlist.offToast.title' : 'waitlist.on.title'),
        description: t(next === 'off' ? 'waitlist.offToast.text' : 'waitlist.on.text'),
        variant: 'default',
      });
      await queryClient.invalidateQueries({ queryKey: upcomingAppointmentsKey(patientId) });
    } catch {
      setValue(previous);
      toast({ title: t('waitlist.saveFailed.title'), description: t('waitlist.saveFailed.text'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="dash-waitlist">
      <Label htmlFor={id}>{t('waitlist.label')}</Label>
      <Select id={id} value={value} disabled={saving} aria-describedby={`${id}-help`} onChange={(event) => void choose(event.target.value as Choice)}>
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {t(choice.label)}
          </option>
        ))}
      </Select>
      <HelpText id={`${id}-help`}>{t('waitlist.help', when)}</HelpText>
    </div>
  );
}
