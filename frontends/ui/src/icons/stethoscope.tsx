import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function StethoscopeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 3H4a1 1 0 0 0-1 1v5a6 6 0 0 0 12 0V4a1 1 0 0 0-1-1h-1" />
      <path d="M9 15v1a6 6 0 0 0 12 0v-3" />
      <circle cx="21" cy="11" r="2" />
    </Icon>
  );
}
