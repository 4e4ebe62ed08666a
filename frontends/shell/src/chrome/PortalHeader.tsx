import { Link, LogoMark, PRACTICE_NAME, normalizePath, useLocation } from '@portal/ui';
import { headerFor } from '../routes.ts';

/** The top bar. Its title follows the route: Member Portal, Member Dashboard, Book an Appointment, Member Enrollment. */
export function PortalHeader() {
  const { pathname } = useLocation();
  const header = headerFor(normalizePath(pathname));
  return (
    <header className="portal-header">
      <div className="ui-container ui-container--xl portal-header__inner">
        <Link href="/" className="portal-brand" aria-label={`${PRACTICE_NAME} ${header.title}, home`}>
          <LogoMark size={40} className="portal-brand__mark" />
          <span className="portal-brand__text">
            <span className="portal-brand__practice">{PRACTICE_NAME}</span>
            <span className="portal-brand__title">{header.title}</span>
          </span>
        </Link>
        {/* The user-status menu (display name, badge, member links) joins here with the dashboard. */}
        {header.showUserStatus ? <div className="portal-header__status" id="portal-user-status" /> : null}
      </div>
    </header>
  );
}
