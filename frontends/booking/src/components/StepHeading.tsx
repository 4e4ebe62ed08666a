import { createContext, useContext, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** True once the visitor has moved the wizard on: headings of later steps take focus. */
export const StepFocusContext = createContext(false);

/**
 * A step's heading. When the step changes it takes focus (not on the first screen), so keyboard
 * and screen reader users start reading the new step from its top.
 */
export function StepHeading({ children, focusOnMount = true }: { children: ReactNode; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const moved = useContext(StepFocusContext);
  useEffect(() => {
    if (focusOnMount && moved) ref.current?.focus();
  }, [focusOnMount, moved]);
  return (
    <h2 ref={ref} tabIndex={-1} className="booking-step__title">
      {children}
    </h2>
  );
}
