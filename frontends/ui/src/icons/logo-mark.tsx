import type { IconProps } from './icon.tsx';

/** The practice's mark (a cross on a rounded square, in the current colour). */
export function LogoMark({ size = 36, className }: IconProps) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="currentColor" />
      <path d="M17 10h6v7h7v6h-7v7h-6v-7h-7v-6h7z" fill="#fff" />
    </svg>
  );
}
