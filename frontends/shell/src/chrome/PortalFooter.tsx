import { LogoMark, MailIcon, MapPinIcon, PhoneIcon, formatPhone, telHref } from '@portal/ui';
import { PRACTICE_NAME, normalizePath, useLocation, usePractice } from '@portal/client';
import { useT } from '../i18n.ts';
import type { RouteTable } from '../routes.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/**
 * The shared footer: the practice locations with address and phone, and a contact link, from the
 * practice configuration (GET /api/config/practice; shown once it has arrived), and the language
 * switch, except on a micro-frontend drawn in one language only (the staff portal).
 */
export function PortalFooter({ routes }: { routes: RouteTable }) {
  const practice = usePractice().data;
  const t = useT();
  const { pathname } = useLocation();
  const oneLanguage = (routes.languagesFor(normalizePath(pathname))?.length ?? Number.POSITIVE_INFINITY) < 2;
  return (
    <footer className="portal-footer">
      <div className="ui-container ui-container--xl">
        <div className="portal-footer__top">
          <div className="portal-footer__about">
            <p className="portal-footer__brand">
              <LogoMark size={32} className="portal-footer__mark" />
              <span>{PRACTICE_NAME}</span>
            </p>
            <p className="portal-footer__tagline">{t('footer.tagline')}</p>
            {practice ? (
              <div className="portal-footer__contact">
                <p className="portal-footer__contact-label">{t('footer.contact')}</p>
                <p className="portal-footer__line">
                  <MailIcon size={16} />
                  <a href={`mailto:${practice.supportEmail}`}>{practice.supportEmail}</a>
                </p>
              </div>
            ) : null}
          </div>
          <nav className="portal-footer__locations" aria-labelledby="portal-footer-locations">
            <h2 id="portal-footer-locations" className="portal-footer__heading">
              {t('footer.locations')}
            </h2>
            <ul className="portal-footer__location-list">
              {(practice?.locations ?? []).map((location) => (
                <li key={location.id} className="portal-footer__location">
                  <h3 className="portal-footer__location-name">{location.name}</h3>
                  <address className="portal-footer__address">
                    <span className="portal-footer__line">
                      <MapPinIcon size={16} />
                      <span>
                        {location.address1}
                        <br />
                        {location.city}, {location.state} {location.zip}
                      </span>
                    </span>
                    <span className="portal-footer__line">
                      <PhoneIcon size={16} />
                      <a href={telHref(location.phone)}>{formatPhone(location.phone)}</a>
                    </span>
                  </address>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="portal-footer__bottom">
          <p>{t('footer.emergency')}</p>
          {oneLanguage ? null : <LanguageSwitch />}
          <p>
            © {new Date().getFullYear()} {PRACTICE_NAME}
          </p>
        </div>
      </div>
    </footer>
  );
}
