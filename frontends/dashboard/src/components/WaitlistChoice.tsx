import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DashboardAppointment, WaitlistChoice as Choice } from '@portal/contracts';
import { HelpText, Label, Select } from '@portal/ui';
import { api, toast } from '@portal/client';
import { upcomingAppointmentsKey } from '../appointments.ts';
import { setAppointmentWaitlist } from '../dashboard-api.ts';

const CHOICES: ReadonlyArray<{ value: Choice; label: string }> = [
  { value: 'off', label: 'No, keep my time' },
  { value: 'same-provider', label: 'Yes, with the same provider' },
  { value: 'any-provider', label: 'Yes, with any provider at this location' },
];

/**
 * The earlier-slot waitlist choice of one upcoming appointment (issue 13): when another member's
 * cancel frees an earlier time, we email a link that moves this appointment there in one step.
 */
export function WaitlistChoice({ appointment, patientId, when }: { appointment: DashboardAppointment; patientId: string; when: string }) {
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
        title: next === 'off' ? 'Earlier Time Alerts Off' : 'Earlier Time Alerts On',
        description: next === 'off' ? 'We will not email you about earlier times.' : 'We will email you if an earlier time opens up.',
        variant: 'default',
      });
      await queryClient.invalidateQueries({ queryKey: upcomingAppointmentsKey(patientId) });
    } catch {
      setValue(previous);
      toast({ title: 'Unable to Save', description: 'Your choice was not saved. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="dash-waitlist">
      <Label htmlFor={id}>Email me if an earlier time opens up</Label>
      <Select id={id} value={value} disabled={saving} aria-describedby={`${id}-help`} onChange={(event) => void choose(event.target.value as Choice)}>
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
      <HelpText id={`${id}-help`}>For your appointment on {when}. The link in the email moves it in one step; the first member to confirm gets the time.</HelpText>
    </div>
  );
}
