/**
 * The catalog ids index.html marks with data-i18n / data-i18n-<attribute> (issue 26): the API
 * draws these texts in Spanish for a Spanish page's first paint. Ids of chrome/messages/*.json
 * (the first load's) and of messages/*.json. Not imported by the app: static-texts.test.ts checks
 * index.html against it, and the catalog check counts its ids as used.
 */
export const CHROME_STATIC_TEXT_IDS = ['header.defaultTitle', 'header.home'] as const;
export const LAZY_STATIC_TEXT_IDS = ['page.description', 'page.skipLink', 'page.noscript', 'footer.tagline', 'footer.locations', 'footer.emergency'] as const;
