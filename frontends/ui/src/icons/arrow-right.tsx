import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12h14M12 5l7 7-7 7" />
    </Icon>
  );
}
