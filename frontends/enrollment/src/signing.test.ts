import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/client';
import type { SignatureResponse } from '@portal/contracts';
import {
  DOCUMENTS,
  UPLOAD_MAX_POLLS,
  UPLOAD_POLL_MS,
  VERIFY_ATTEMPTS,
  VERIFY_RETRY_MS,
  attemptLabel,
  completeSigning,
  incompleteFailure,
  processingFailure,
  signsEnglishText,
  verifyCompletionPath,
} from './signing.ts';
import { paymentMessages } from './payment/i18n.ts';

// The screens' texts come from the catalogs; these tests read them in English.
beforeAll(() => paymentMessages.load('en-US'));

const script = <T>(answers: Array<T | Error>) => {
  const calls: string[] = [];
  return {
    calls,
    fn: async (id: string): Promise<T> => {
      calls.push(id);
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next instanceof Error) throw next;
      return next as T;
    },
  };
};

const deps = (verifyAnswers: Array<{ isComplete: boolean } | Error>, submitAnswers: Array<SignatureResponse | Error>) => {
  const verify = script(verifyAnswers);
  const submit = script(submitAnswers);
  const sleeps: number[] = [];
  const attempts: string[] = [];
  let uploading = 0;
  return {
    verify,
    submit,
    sleeps,
    attempts,
    uploading: () => uploading,
    deps: {
      verify: verify.fn,
      submit: submit.fn,
      sleep: async (ms: number) => void sleeps.push(ms),
      onVerifyAttempt: (attempt: number, total: number) => void attempts.push(attemptLabel(attempt, total)),
      onUploading: () => void (uploading += 1),
    },
  };
};

describe('the two documents', () => {
  it('use their own endpoints and texts', () => {
    expect(DOCUMENTS.agreement.createPath('e 1')).toBe('/api/enrollments/e%201/create-document');
    expect(DOCUMENTS.agreement.signaturePath('e1')).toBe('/api/enrollments/e1/signature');
    expect(DOCUMENTS.privacy.createPath('e1')).toBe('/api/enrollments/e1/create-privacy-document');
    expect(DOCUMENTS.privacy.signaturePath('e1')).toBe('/api/enrollments/e1/privacy-signature');
    expect(verifyCompletionPath('d/1')).toBe('/api/signwell/verify-completion/d%2F1');
    expect(DOCUMENTS.agreement.createError).toBe('Failed to create signature document. Please try again.');
    expect(DOCUMENTS.privacy.createError).toMatch(/privacy/i);
  });
});

describe('completeSigning', () => {
  it('verifies, then records the signature until the upload is done', async () => {
    const run = deps(
      [{ isComplete: false }, { isComplete: true }],
      [
        { status: 'signed', requiresPrivacyPractices: true, upload: 'processing' },
        { status: 'signed', requiresPrivacyPractices: true, upload: 'processing' },
        { status: 'signed', requiresPrivacyPractices: true, upload: 'uploaded' },
      ],
    );
    await expect(completeSigning('doc-1', run.deps)).resolves.toEqual({ kind: 'uploaded', status: 'signed', requiresPrivacyPractices: true });
    expect(run.attempts).toEqual(['attempt 1 of 5', 'attempt 2 of 5']);
    expect(run.verify.calls).toEqual(['doc-1', 'doc-1']);
    expect(run.submit.calls).toEqual(['doc-1', 'doc-1', 'doc-1']);
    expect(run.sleeps).toEqual([VERIFY_RETRY_MS, UPLOAD_POLL_MS, UPLOAD_POLL_MS]);
    expect(run.uploading()).toBe(1);
  });

  it('goes to Payment when the server does not ask for the privacy notice', async () => {
    const run = deps([{ isComplete: true }], [{ status: 'signed', upload: 'uploaded' }]);
    await expect(completeSigning('d', run.deps)).resolves.toEqual({ kind: 'uploaded', status: 'signed', requiresPrivacyPractices: false });
  });

  it('gives up after 5 attempts, counting failed checks as attempts', async () => {
    const run = deps([new Error('503'), { isComplete: false }], []);
    await expect(completeSigning('d', run.deps)).resolves.toEqual({ kind: 'not-complete' });
    expect(run.verify.calls).toHaveLength(VERIFY_ATTEMPTS);
    expect(run.attempts.at(-1)).toBe('attempt 5 of 5');
    expect(run.submit.calls).toHaveLength(0);
  });

  it('reports a signer who declined', async () => {
    const run = deps([{ isComplete: true }], [{ status: 'pending', declined: true }]);
    await expect(completeSigning('d', run.deps)).resolves.toEqual({ kind: 'declined' });
  });

  it('stops asking after a minute of processing', async () => {
    const run = deps([{ isComplete: true }], [{ status: 'signed', upload: 'processing' }]);
    await expect(completeSigning('d', run.deps)).resolves.toEqual({ kind: 'upload-timeout' });
    expect(run.submit.calls).toHaveLength(UPLOAD_MAX_POLLS);
  });

  it('throws the signature call failure, and an upload reported failed', async () => {
    const critical = new ApiError(502, JSON.stringify({ message: 'Upload failed', critical: true }), 'Bad Gateway');
    await expect(completeSigning('d', deps([{ isComplete: true }], [critical]).deps)).rejects.toBe(critical);
    await expect(completeSigning('d', deps([{ isComplete: true }], [{ status: 'signed', upload: 'failed', message: 'no' }]).deps)).rejects.toThrow('no');
  });

  it('stops quietly once the screen is gone', async () => {
    const run = deps([{ isComplete: false }], []);
    let calls = 0;
    await expect(completeSigning('d', { ...run.deps, cancelled: () => ++calls > 2 })).resolves.toEqual({ kind: 'cancelled' });
  });
});

describe('processingFailure', () => {
  it("says 'Critical Document Error' for a 502 marked critical, telling whom to contact", () => {
    const error = new ApiError(502, JSON.stringify({ message: 'x', critical: true }), 'Bad Gateway');
    const agreement = processingFailure(error, 'agreement');
    expect(agreement.title).toBe('Critical Document Error');
    expect(agreement.critical).toBe(true);
    expect(agreement.description).toMatch(/contact support/);
    expect(processingFailure(error, 'privacy').description).toMatch(/contact the practice/);
  });

  it("says 'Document Processing Failed' otherwise", () => {
    for (const error of [
      new ApiError(502, JSON.stringify({ message: 'x', critical: false }), 'Bad Gateway'),
      new ApiError(500, '', 'Internal Server Error'),
      new TypeError('Failed to fetch'),
    ]) {
      expect(processingFailure(error, 'agreement')).toEqual({
        title: 'Document Processing Failed',
        description: 'We could not process your signed document. Please try again.',
        critical: false,
      });
    }
    expect(processingFailure(new Error('x'), 'privacy').description).toMatch(/contact the practice/);
    expect(incompleteFailure('agreement').title).toBe('Document Processing Failed');
  });
});

describe('the language of the text signed', () => {
  it('tells a Spanish page that the text is English while only English is supplied', () => {
    expect(signsEnglishText('es-US')).toBe(true);
    expect(signsEnglishText('es-US', 'en-US')).toBe(true);
    expect(signsEnglishText('es-US', 'es-US')).toBe(false);
    expect(signsEnglishText('en-US')).toBe(false);
  });
});
