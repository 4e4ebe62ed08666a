import { Hero } from '@portal/ui';
import { useT } from '../i18n.ts';

/**
 * The sign-in page's welcome: its title, the practice's tagline and what the portal is for. The
 * API draws the same words in the page's HTML before JavaScript (the manifest's firstPaint,
 * decision 0047), on /login and on the auth redirects that lead there.
 */
export function LoginHero() {
  const t = useT();
  return (
    <Hero title={t('login.hero.title')}>
      <p>
        <strong>{t('login.hero.tagline')}</strong>
      </p>
      <p>{t('login.hero.body')}</p>
    </Hero>
  );
}
