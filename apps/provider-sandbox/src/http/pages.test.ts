import { describe, expect, it } from '@jest/globals';
import { choosePatientPage, errorPage, escapeHtml, signInPage } from './pages.ts';

const person = { patientid: 1, name: 'Ann <b>O\'Neil</b>', detail: 'ann@example.com · Born 01/02/1990', note: 'Note & "quotes"' };

const buttonNames = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

describe('sign-in pages', () => {
  it('escapes every character that could break out of text or attributes', () => {
    expect(escapeHtml(`<script>"x" & 'y' \`z\`</script>`)).toBe('&#60;script&#62;&#34;x&#34; &#38; &#39;y&#39; &#96;z&#96;&#60;/script&#62;');
  });

  it('page 1: escaped names in "Sign in as" buttons, the request id hidden, a Cancel link', () => {
    const html = signInPage({ requestId: 'r"1', clientName: 'Member Portal', people: [person], cancelHref: '/cancel?request=r&x=1' });
    expect(html).not.toContain('<b>');
    expect(buttonNames(html)).toEqual(['Sign in as Ann &#60;b&#62;O&#39;Neil&#60;/b&#62;']);
    expect(html).toContain('name="request" value="r&#34;1"');
    expect(html).toContain('<a href="/cancel?request=r&#38;x=1">Cancel</a>');
    expect(html).toContain('Note &#38; &#34;quotes&#34;');
    expect(html).not.toMatch(/<script/i);
  });

  it('page 2: "Continue as" self then "Continue for" each dependent with the relation beside the button', () => {
    const html = choosePatientPage({
      requestId: 'r',
      clientName: 'Member Portal',
      self: { ...person, name: 'Carol Bennett' },
      dependents: [{ patientid: 2, name: 'Emma Bennett', detail: 'd', note: '', relation: 'Child' }],
      cancelHref: '/c',
    });
    expect(buttonNames(html)).toEqual(['Continue as Carol Bennett', 'Continue for Emma Bennett']);
    expect(html).toContain('Your child');
  });

  it('error page is an alert', () => {
    expect(errorPage('Bad <thing>', 'msg')).toContain('role="alert"');
    expect(errorPage('Bad <thing>', 'msg')).toContain('Bad &#60;thing&#62;');
  });
});
