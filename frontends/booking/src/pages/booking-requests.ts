import type { BookAppointmentRequest, Provider } from '@portal/contracts';
import { PRACTICE_LOCATIONS } from '@portal/client';
import type { BookingState } from '../booking-flow.ts';

/** The id when it names a practice location, otherwise null. */
export const knownLocation = (id: string | null | undefined): string | null =>
  id && PRACTICE_LOCATIONS.some((location) => location.id === id) ? id : null;

/** The book (or reschedule) request of the chosen slot. */
export const slotRequest = (state: BookingState): BookAppointmentRequest | null => {
  const { provider, appointmentType, slot } = state;
  if (!provider || !appointmentType || !slot) return null;
  return {
    providerId: slot.providerId ?? provider.id,
    appointmentId: slot.appointmentId,
    appointmentDate: slot.date,
    appointmentTime: slot.time,
    appointmentTypeId: appointmentType.id,
  };
};

/** The provider's name; with No Preference, the name of the slot's own provider when the list knows it. */
export const providerNameOf = (state: BookingState, providers?: readonly Provider[]): string | null => {
  if (!state.provider) return null;
  if (state.provider.id !== 'any') return state.provider.name;
  const own = providers?.find((provider) => provider.id === state.slot?.providerId);
  return own ? own.displayName || own.name : null;
};

/** The confirmation step's facts of a booked (or moved) slot. */
export const confirmationOf = (
  state: BookingState,
  kind: 'booked' | 'rescheduled',
  appointmentTypeName: string | null,
  message: string | null,
  appointmentId: string | null,
  providers?: readonly Provider[],
) => ({
  kind,
  date: state.slot?.date ?? '',
  time: state.slot?.time ?? '',
  providerName: providerNameOf(state, providers),
  appointmentTypeName: appointmentTypeName ?? state.appointmentType?.name ?? null,
  appointmentId,
  message,
});
