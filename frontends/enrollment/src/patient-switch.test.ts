import { describe, expect, it, jest } from '@jest/globals';
import { PATIENT_SWITCHED_EVENT } from '@portal/client';
import { PATIENT_SWITCH_LISTEN_AFTER_MS, PATIENT_SWITCH_REDIRECT_MS, isDifferentPatient, watchPatientSwitch } from './patient-switch.ts';

const fakeTimers = () => {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout: (callback: () => void, ms: number) => {
      const id = next++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (id: number) => void pending.delete(id),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.callback();
        }
      }
    },
  };
};

const switched = (detail: unknown): Event => {
  const event = new Event(PATIENT_SWITCHED_EVENT);
  Object.defineProperty(event, 'detail', { value: detail });
  return event;
};

describe('isDifferentPatient', () => {
  it('is true only for two different, non-empty patient ids', () => {
    expect(isDifferentPatient({ previousPatientId: 'p1', patientId: 'p2' })).toBe(true);
    expect(isDifferentPatient({ previousPatientId: 'p1', patientId: 'p1' })).toBe(false);
    expect(isDifferentPatient({ previousPatientId: '', patientId: 'p2' })).toBe(false);
    expect(isDifferentPatient(null)).toBe(false);
    expect(isDifferentPatient('p2')).toBe(false);
  });
});

describe('watchPatientSwitch', () => {
  it('listens after 2 s, then toasts and redirects 1.5 s after a switch', () => {
    const target = new EventTarget();
    const timers = fakeTimers();
    const onSwitch = jest.fn();
    const onRedirect = jest.fn();
    const stop = watchPatientSwitch(target, timers, onSwitch, onRedirect);

    target.dispatchEvent(switched({ previousPatientId: 'p1', patientId: 'p2' }));
    expect(onSwitch).not.toHaveBeenCalled();

    timers.advance(PATIENT_SWITCH_LISTEN_AFTER_MS);
    target.dispatchEvent(switched({ previousPatientId: 'p1', patientId: 'p1' }));
    expect(onSwitch).not.toHaveBeenCalled();
    target.dispatchEvent(switched({ previousPatientId: 'p1', patientId: 'p2' }));
    target.dispatchEvent(switched({ previousPatientId: 'p2', patientId: 'p3' }));
    expect(onSwitch).toHaveBeenCalledTimes(1);
    timers.advance(PATIENT_SWITCH_REDIRECT_MS - 1);
    expect(onRedirect).not.toHaveBeenCalled();
    timers.advance(1);
    expect(onRedirect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing once stopped', () => {
    const target = new EventTarget();
    const timers = fakeTimers();
    const onSwitch = jest.fn();
    const onRedirect = jest.fn();
    watchPatientSwitch(target, timers, onSwitch, onRedirect)();
    timers.advance(5000);
    target.dispatchEvent(switched({ previousPatientId: 'p1', patientId: 'p2' }));
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('cancels a pending redirect when stopped', () => {
    const target = new EventTarget();
    const timers = fakeTimers();
    const onRedirect = jest.fn();
    const stop = watchPatientSwitch(target, timers, () => undefined, onRedirect);
    timers.advance(PATIENT_SWITCH_LISTEN_AFTER_MS);
    target.dispatchEvent(switched({ previousPatientId: 'p1', patientId: 'p2' }));
    stop();
    timers.advance(PATIENT_SWITCH_REDIRECT_MS);
    expect(onRedirect).not.toHaveBeenCalled();
  });
});
