import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function SwitchUserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21a7 7 0 0 1 12.5-4.3M17 13l3 3-3 3M20 16h-6" />
    </Icon>
  );
}
