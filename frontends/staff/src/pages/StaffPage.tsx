import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Container, LoadingState, PageHeader, Stack } from '@portal/ui';
import { api } from '@portal/client';
import { StaffHome } from '../components/StaffHome.tsx';
import { clearCachedSearch } from '../staff-portal.ts';
import {
  UNREADABLE_ANSWER,
  UNREADABLE_ANSWER_TITLE,
  checkStaffSession,
  clearStaffSession,
  isUnreadableAnswer,
  readStaffSession,
  saveStaffSession,
  staffLogout,
  staffStorage,
} from '../staff-session.ts';
import type { StaffSession } from '../staff-session.ts';

// Each view is a chunk of its own (issue 15, decision 0034): signing in needs none of the staff
// tools, and each tool only itself.
const StaffSignIn = lazy(() => import(/* webpackChunkName: "staff-sign-in" */ '../components/StaffSignIn.tsx').then((module) => ({ default: module.StaffSignIn })));
const StaffPortal = lazy(() => import('../components/StaffPortal.tsx').then((module) => ({ default: module.StaffPortal })));
const FailedDocuments = lazy(() => import('../components/FailedDocuments.tsx').then((module) => ({ default: module.FailedDocuments })));
const PracticeReport = lazy(() => import('../components/PracticeReport.tsx').then((module) => ({ default: module.PracticeReport })));

/** Shown while a view's chunk downloads. */
const viewLoading = (
  <Card className="ui-auth-card">
    <LoadingState compact label="Loading..." />
  </Card>
);

type View =
  | { readonly kind: 'checking'; readonly session: StaffSession }
  | { readonly kind: 'check-failed'; readonly session: StaffSession; readonly unreadable: boolean }
  | { readonly kind: 'signed-out'; readonly notice: string | null }
  | { readonly kind: 'signed-in'; readonly session: StaffSession; readonly expiresAt: string | null };

const initialView = (): View => {
  const stored = readStaffSession(staffStorage());
  return stored ? { kind: 'checking', session: stored } : { kind: 'signed-out', notice: null };
};

/**
 * /staff (booking-dashboard-staff §2 'Staff portal', §4 'Staff flow'): sign in by emailed code,
 * then the staff home. A stored session is checked with verify-session on load and cleared
 * silently when the server no longer accepts it. Logout clears the stored session.
 */
export function StaffPage() {
  const [view, setView] = useState<View>(initialView);
  const [loggingOut, setLoggingOut] = useState(false);
  const [tool, setTool] = useState<'patients' | 'report'>('patients');

  useEffect(() => {
    document.title = view.kind === 'signed-in' ? 'Staff Portal | Member Portal' : 'Staff Sign In | Member Portal';
  }, [view.kind]);

  const session = view.kind === 'checking' ? view.session : null;
  useEffect(() => {
    if (!session) return undefined;
    const controller = new AbortController();
    checkStaffSession(api, session, controller.signal)
      .then((result) => {
        if (result.kind === 'valid') {
          setView({ kind: 'signed-in', session: { token: session.token, email: result.email }, expiresAt: result.expiresAt });
        } else {
          clearStaffSession(staffStorage());
          setView({ kind: 'signed-out', notice: null });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The staff session could not be checked', error);
        setView({ kind: 'check-failed', session, unreadable: isUnreadableAnswer(error) });
      });
    return () => controller.abort();
  }, [session]);

  const onSignedIn = useCallback((signedIn: StaffSession, expiresAt: string | null) => {
    saveStaffSession(staffStorage(), signedIn);
    setView({ kind: 'signed-in', session: signedIn, expiresAt });
  }, []);

  const logout = async (token: string): Promise<void> => {
    setLoggingOut(true);
    await staffLogout(api, token);
    clearStaffSession(staffStorage());
    clearCachedSearch(staffStorage());
    setLoggingOut(false);
    setView({ kind: 'signed-out', notice: 'You have been logged out.' });
  };

  return (
    <Container size="md">
      <div className="ui-auth-layout">
        <Stack gap={5}>
          <PageHeader
            title="Staff Portal"
            description={
              view.kind === 'signed-in'
                ? 'Practice staff tools for patient memberships.'
                : 'For practice staff only. Patients can sign in from the Member Portal.'
            }
          />
          {view.kind === 'checking' ? (
            <Card className="ui-auth-card">
              <LoadingState compact label="Checking your session..." />
            </Card>
          ) : view.kind === 'check-failed' ? (
            <Alert variant="destructive" role="alert" title={view.unreadable ? UNREADABLE_ANSWER_TITLE : 'Your session could not be checked'}>
              <Stack gap={3}>
                <p>{view.unreadable ? UNREADABLE_ANSWER : 'Please check your connection and try again.'}</p>
                <div className="ui-actions">
                  <Button variant="secondary" size="sm" onClick={() => setView({ kind: 'checking', session: view.session })}>
                    Try again
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      clearStaffSession(staffStorage());
                      setView({ kind: 'signed-out', notice: null });
                    }}
                  >
                    Sign in again
                  </Button>
                </div>
              </Stack>
            </Alert>
          ) : view.kind === 'signed-in' ? (
            <>
              <StaffHome
                email={view.session.email}
                expiresAt={view.expiresAt}
                loggingOut={loggingOut}
                onLogout={() => void logout(view.session.token)}
              />
              <nav className="staff-tools" aria-label="Staff tools">
                <Button variant={tool === 'patients' ? 'primary' : 'secondary'} aria-pressed={tool === 'patients'} onClick={() => setTool('patients')}>
                  Patients
                </Button>
                <Button variant={tool === 'report' ? 'primary' : 'secondary'} aria-pressed={tool === 'report'} onClick={() => setTool('report')}>
                  Practice Report
                </Button>
              </nav>
              <Suspense fallback={viewLoading}>
                {tool === 'report' ? (
                  <PracticeReport token={view.session.token} />
                ) : (
                  <>
                    <StaffPortal token={view.session.token} />
                    <FailedDocuments token={view.session.token} />
                  </>
                )}
              </Suspense>
            </>
          ) : (
            <Suspense fallback={viewLoading}>
              <StaffSignIn onSignedIn={onSignedIn} notice={view.notice} />
            </Suspense>
          )}
        </Stack>
      </div>
    </Container>
  );
}
