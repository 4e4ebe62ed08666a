import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}
