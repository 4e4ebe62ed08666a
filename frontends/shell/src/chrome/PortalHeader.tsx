import { Link, LogoMark } from '@portal/ui';
import { PRACTICE_NAME, normalizePath, useLocation } from '@portal/client';
import type { RouteTable } from '../routes.ts';
import { chromeText, headerTitleText } from './chrome-text.ts';
import { UserStatus } from './UserStatus.tsx';

/**
 * The top bar. Its title follows the route as the owning micro-frontend's manifest declares it
 * (Member Portal, Member Dashboard, Book an Appointment, Member Enrollment, Staff Portal); pages
 * past sign-in show the user-status menu at the right.
 */
export function PortalHeader({ routes }: { routes: RouteTable }) {
  const { pathname } = useLocation();
  const header = routes.headerFor(normalizePath(pathname));
  const title = headerTitleText(header.title);
  return (
    <header className="portal-header">
      <div className="ui-container ui-container--xl portal-header__inner">
        <Link href="/" className="portal-brand" aria-label={chromeText('header.home', { practice: PRACTICE_NAME, title })}>
          <LogoMark size={40} className="portal-brand__mark" />
          <span className="portal-brand__text">
            <span className="portal-brand__practice">{PRACTICE_NAME}</span>
            <span className="portal-brand__title">{title}</span>
          </span>
        </Link>
        {header.showUserStatus ? (
          <div className="portal-header__status" id="portal-user-status">
            <UserStatus />
          </div>
        ) : null}
      </div>
    </header>
  );
}
