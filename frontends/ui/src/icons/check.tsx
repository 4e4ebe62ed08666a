import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </Icon>
  );
}
