import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function ReceiptIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 2v20l3-2 3 2 2-2 2 2 3-2 3 2V2l-3 2-3-2-2 2-2-2-3 2ZM8 8h8M8 12h8M8 16h5" />
    </Icon>
  );
}
