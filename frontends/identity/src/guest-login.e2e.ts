/**
 * Guest verification in a real browser: the human check, the emailed code and the SMS code read
 * from the provider sandbox's inbox, the real Firebase JS SDK against the sandbox's Auth emulator
 * subset, and the server-signed guest token.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { codeFor as sharedCodeFor, requestEmailCode as sharedRequestEmailCode } from '../../../tools/src/testing/guest-browser.ts';

const setup = portalInBrowser();

const codeFor = (to: string) => sharedCodeFor(setup.portal, to);

const freshPage = async (): Promise<Page> => {
  const page = await setup.browser.newPage({ width: 1280, height: 900 });
  await page.context().clearCookies();
  // A page without a human check: /login solves one and keeps its token for the session, which
  // could land after the clearing below and stand in for the check a test means to hold.
  await page.goto(`${setup.portal.url}/logout-confirmation`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  return page;
};

const requestEmailCode = (page: Page, email: string) => sharedRequestEmailCode(page, setup.portal, email);

describe('/guest-login', () => {
  it('verifies an email and a phone and lands on the dashboard as a Guest', async () => {
    const page = await freshPage();
    // The phone step's SDK (its own chunk) is held until Send is pressed: the press waits for it.
    const sdk = deferred();
    await page.route('**/firebase-phone.*.js', async (route) => {
      await sdk.promise;
      return route.fallback();
    });
    await requestEmailCode(page, 'rosa.guest@example.com');
    await page.getByRole('textbox', { name: 'Verification Code' }).fill(await codeFor('rosa.guest@example.com'));
    await page.getByRole('button', { name: 'Verify Code' }).click();

    await page.getByRole('heading', { name: 'Verify your mobile phone' }).waitFor();
    await page.getByRole('textbox', { name: 'Mobile Phone Number' }).fill('4015550142');
    await expect(page.getByRole('textbox', { name: 'Mobile Phone Number' }).inputValue()).resolves.toBe('(401) 555-0142');
    await page.getByText('Phone verification service is still loading...').waitFor();
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('button', { name: 'Sending code...' }).waitFor();
    sdk.resolve();
    await page.getByRole('heading', { name: 'Enter the code we texted you' }).waitFor({ timeout: 10_000 });
    await page.getByRole('textbox', { name: 'Verification Code' }).fill(await codeFor('+14015550142'));
    await page.getByRole('button', { name: 'Verify Code' }).click();

    await page.getByRole('heading', { name: 'Verification Complete' }).waitFor();
    await page.waitForURL(`${setup.portal.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome!' }).waitFor();
    await page.getByRole('button', { name: 'rosa.guest@example.com, Guest, account menu' }).waitFor();

    // The stored token is the server's, and the server accepts it.
    const token = await page.evaluate(() => localStorage.getItem('dualVerificationToken') ?? sessionStorage.getItem('dualVerificationToken'));
    expect(token).toMatch(/^verified_[\w-]+\.[\w-]+\.[\w-]+$/);
    const session = await fetch(`${setup.portal.url}/api/guest/session`, { headers: { 'X-Verification-Token': token! } });
    expect(await session.json()).toMatchObject({ verified: true, email: 'rosa.guest@example.com', phone: '+14015550142' });
    await page.close();
  });

  it("shows the spec's message for a wrong code and refuses the sixth wrong try", async () => {
    const page = await freshPage();
    await requestEmailCode(page, 'wrong.code@example.com');
    const right = await codeFor('wrong.code@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const codeBox = page.getByRole('textbox', { name: 'Verification Code' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await codeBox.fill(wrong);
      await page.getByRole('button', { name: 'Verify Code' }).click();
      const remaining = attempt < 5 ? `You have ${5 - attempt} attempt` : 'No attempts remaining. Please request a new code.';
      await page.getByText(`Invalid verification code. Please try again. ${remaining}`).waitFor();
    }
    // The sixth try is refused: the page no longer offers it, and the server would not take it.
    await codeBox.fill(right);
    await expect(page.getByRole('button', { name: 'Verify Code' }).isDisabled()).resolves.toBe(true);
    // Sent from the page itself: a code can be tried only from the browser that asked for it.
    const sixth = await page.evaluate(async (code) => {
      const response = await fetch('/api/verify-email/verify-otp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'wrong.code@example.com', code }),
      });
      return response.status;
    }, right);
    expect(sixth).toBe(429);
    await expect(page.getByRole('heading', { name: 'Verify your mobile phone' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('remembers Send Verification Code pressed before the human check answers, and sends the code as soon as it does', async () => {
    const page = await freshPage();
    // A quick typist (or a password manager): the sandbox widget's token is held until after the press.
    const gate = deferred();
    await page.route('**/turnstile/v0/issue', async (route) => {
      await gate.promise;
      return route.fallback();
    });
    await page.goto(`${setup.portal.url}/guest-login`);
    await page.getByRole('textbox', { name: 'Email Address' }).fill('quick.typist@example.com');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    // The press is kept, and the button says what it waits for (busy, so screen readers hear it).
    const waiting = page.getByRole('button', { name: 'Completing the security check...' });
    await waiting.waitFor({ timeout: 5_000 });
    await expect(waiting.getAttribute('aria-busy')).resolves.toBe('true');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    gate.resolve();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor({ timeout: 5_000 });
    await expect(codeFor('quick.typist@example.com')).resolves.toMatch(/^\d{6}$/);
    await page.close();
  });
});

/** The messages the sandbox inbox holds for `to`, newest first, once there are at least `count`. */
const inboxFor = async (to: string, count: number): Promise<Array<{ code: string | null }>> => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${setup.portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as Array<{ code: string | null }>;
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`fewer than ${count} messages arrived for ${to}`);
};

const deferred = (): { promise: Promise<void>; resolve: () => void } => {
  let resolve = (): void => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('/staff', () => {
  it('signs a listed staff member in with the emailed code', async () => {
    await setup.portal.db.knex('staff_emails').insert({ email: 'front.desk@mdri-primarycare.example', name: 'Front Desk' });
    // A signed agreement the worker gave up filing (the worker's own tests show how one gets there).
    const [enrollment] = await setup.portal.db.knex('enrollments').insert({ athenaPatientId: '5107', status: 'signed', department: '1' }).returning('id');
    await setup.portal.db.knex('document_submissions').insert({
      enrollmentId: enrollment.id,
      patientId: '5107',
      documentType: 'membership_agreement',
      contentHash: 'f'.repeat(64),
      fileName: 'membership-agreement.pdf',
      status: 'failed',
      uploadAttempts: 6,
      lastAttemptError: 'HealthRecordUnavailableError 503',
      signwellDocumentId: '3f6a2c1e-8d4b-4e7a-9c2f-1b5d7e9a0c34',
      departmentId: '1',
    });
    const page = await freshPage();
    await page.goto(`${setup.portal.url}/staff`);
    await page.getByRole('heading', { name: 'Staff Sign In' }).waitFor();
    await page.getByRole('textbox', { name: 'Email Address' }).fill('Front.Desk@mdri-primarycare.example');
    // The sandbox's human check solves itself, as the guest page's does.
    await page.getByText('Security check complete.').waitFor();
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await inboxFor('front.desk@mdri-primarycare.example', 1);
    // Resend Code needs a fresh check: the first token was spent on the first send.
    await page.getByText('Security check complete.').waitFor();
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await page.getByText('A new code was sent to front.desk@mdri-primarycare.example.').waitFor();
    const [newest] = await inboxFor('front.desk@mdri-primarycare.example', 2);
    await page.getByRole('textbox', { name: 'Verification Code' }).fill(newest!.code!);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByRole('heading', { name: 'Signed in as front.desk@mdri-primarycare.example' }).waitFor();
    await page.getByRole('heading', { name: 'Documents to file by hand' }).waitFor();
    const row = page.getByRole('row', { name: /5107 Membership Agreement 6 HealthRecordUnavailableError 503/ });
    await row.waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('You have been logged out.').waitFor();
    await page.close();
  });

  it('keeps Send Verification Code pressed before the human check answers and sends then; a refused check keeps its message until the next press', async () => {
    await setup.portal.db.knex('staff_emails').insert({ email: 'nurse.lead@mdri-primarycare.example', name: 'Nurse Lead' });
    const page = await freshPage();
    // The sandbox widget asks the sandbox for its token: hold those calls to keep the check unsolved.
    let gate = deferred();
    let forgeNext = false;
    await page.route('**/turnstile/v0/issue', async (route) => {
      await gate.promise;
      if (!forgeNext) return route.fallback();
      forgeNext = false;
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      return route.fulfill({ response, json: { ...body, token: 'forged.turnstile.token' } });
    });
    const sends: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/staff/send-otp')) sends.push(response.status());
    });

    // A quick typist: the press comes before the check answers. It is kept, and the button says so.
    await page.goto(`${setup.portal.url}/staff`);
    await page.getByRole('heading', { name: 'Staff Sign In' }).waitFor();
    await page.getByRole('textbox', { name: 'Email Address' }).fill('nurse.lead@mdri-primarycare.example');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const waiting = page.getByRole('button', { name: 'Completing the security check...' });
    await waiting.waitFor({ timeout: 5_000 });
    await expect(waiting.getAttribute('aria-busy')).resolves.toBe('true');
    const check = page.getByRole('group', { name: 'Security check' });
    await expect(check.getByRole('alert').count()).resolves.toBe(0);
    expect(sends).toEqual([]);

    // The check answers with a token the server does not accept: the kept press is sent at once,
    // refused (403), the message at the check (and focus there), and the check starts again.
    forgeNext = true;
    const held = gate;
    gate = deferred();
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/staff/send-otp'));
    held.resolve();
    expect((await refused).status()).toBe(403);
    await check.getByRole('alert').getByText('Please complete security verification to continue').waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('staff-sign-in__check') ?? false);
    await page.getByText('Please complete the security check.').waitFor();
    await expect(page.getByRole('heading', { name: 'Check your email' }).count()).resolves.toBe(0);
    const inbox = await fetch(`${setup.portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent('nurse.lead@mdri-primarycare.example')}`);
    await expect(inbox.json()).resolves.toEqual([]);

    // The new challenge solved: the refusal stays on screen until the next press, which sends.
    gate.resolve();
    await page.getByText('Security check complete.').waitFor();
    await expect(check.getByRole('alert').count()).resolves.toBe(1);
    const accepted = page.waitForResponse((response) => response.url().endsWith('/api/staff/send-otp'));
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    expect((await accepted).status()).toBe(200);
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await expect(inboxFor('nurse.lead@mdri-primarycare.example', 1)).resolves.toHaveLength(1);
    expect(sends).toEqual([403, 200]);
    await page.close();
  });
});
