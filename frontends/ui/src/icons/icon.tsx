/** The frame every small icon shares (24 px grid, stroke = currentColor), decorative: hidden from assistive tech. */
import type { ReactNode } from 'react';

export interface IconProps {
  size?: number;
  className?: string;
}

export function Icon({ size = 20, className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
