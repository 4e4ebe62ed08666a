/** The server's check of the stored guest token (@portal/client useGuestSessionCheck), loaded while a guest is stored. */
import { useGuestSessionCheck } from '@portal/client';

export default function GuestSessionCheck() {
  useGuestSessionCheck();
  return null;
}
