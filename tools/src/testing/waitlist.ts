/** The earlier-slot offer links emailed to waitlisted members, read from the provider sandbox's inbox. */
import type { TestPortal } from './portal.ts';

interface InboxMessage {
  readonly subject: string;
  readonly text: string;
}

const OFFER_SUBJECT = 'An earlier appointment time is available';

/** The offer emails sent to `to`, newest first. */
export const offerEmails = async (portal: TestPortal, to: string): Promise<readonly InboxMessage[]> => {
  const response = await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as InboxMessage[]).filter((message) => message.subject.startsWith(OFFER_SUBJECT));
};

/** The link of the `count`-th offer email to `to` (1 = the first sent), waiting up to 15 s for it. */
export const offerLinkFor = async (portal: TestPortal, to: string, count = 1): Promise<{ url: string; token: string; text: string }> => {
  for (let attempt = 0; attempt < 75; attempt += 1) {
    const emails = await offerEmails(portal, to);
    const email = emails.length >= count ? emails[emails.length - count] : undefined;
    const url = email?.text.match(/https?:\/\/\S+#token=\S+/)?.[0];
    if (email && url) return { url, token: decodeURIComponent(url.slice(url.indexOf('#token=') + '#token='.length)), text: email.text };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no earlier-slot offer arrived for ${to}`);
};
