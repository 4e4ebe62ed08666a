/** The server's check of the stored guest token (@portal/ui useGuestSessionCheck), loaded while a guest is stored. */
import { useGuestSessionCheck } from '@portal/ui';

export default function GuestSessionCheck() {
  useGuestSessionCheck();
  return null;
}
