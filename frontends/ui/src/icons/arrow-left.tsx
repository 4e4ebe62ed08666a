import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </Icon>
  );
}
