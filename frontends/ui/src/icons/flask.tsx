import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function FlaskIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 3h6M10 3v6L4.5 19a2 2 0 0 0 1.8 3h11.4a2 2 0 0 0 1.8-3L14 9V3M7 15h10" />
    </Icon>
  );
}
