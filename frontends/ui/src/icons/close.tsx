import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}
