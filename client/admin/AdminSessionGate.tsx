import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AdminErrorBoundary } from 'client/admin/dashboard/ErrorBoundary';
import { LoginForm } from 'client/admin/dashboard/LoginForm';
import { keys } from 'client/admin/query-keys';
import { AdminSessionContext, fetchSession, isUnauthorized, SESSION_EXPIRED_MESSAGE, SESSION_RECHECK_MS } from 'client/admin/session';
import { buttonClass } from 'client/admin/ui/Button';
import { readEveryAnswer } from 'client/lib/api';
import { QueryProvider } from 'client/lib/QueryProvider';
import { SESSION_CONTENT_EDITING_HEADER, SESSION_MINUTES_HEADER, type SessionStatus } from 'core/api/admin';

/** What a screen without its own login form shows when signed out (SPEC section 2: a link to /admin). */
export interface SignInElsewhere {
  title: string;
  text: string;
  link: string;
}

interface AdminSessionGateProps {
  /** The text while the session is checked; SPEC words it differently per screen. */
  checking: string;
  /** Without: the login form (the dashboard). */
  signInElsewhere?: SignInElsewhere;
  children: ReactNode;
}

/**
 * Every admin screen sits behind this: the session check, then the screen, or the way to sign in. A 401
 * from any query or mutation of the page, like the 5-minute re-check finding the session gone, means the
 * session ended: the administrator is signed out with SPEC's 'Session expired. Please log in again.'
 */
export function AdminSessionGate(props: AdminSessionGateProps) {
  return (
    <QueryProvider>
      <AdminErrorBoundary>
        <SessionCheck {...props} />
      </AdminErrorBoundary>
    </QueryProvider>
  );
}

function SessionCheck({ checking, signInElsewhere, children }: AdminSessionGateProps) {
  const queryClient = useQueryClient();
  // SPEC section 9: re-checked every 5 minutes; the session call itself does not keep the session alive.
  const session = useQuery({ queryKey: keys.session, queryFn: fetchSession, refetchInterval: SESSION_RECHECK_MS });
  const [notice, setNotice] = useState<string | null>(null);
  const signedIn = !!session.data;
  const wasSignedIn = useRef(false);

  const end = useCallback(
    (message: string | null) => {
      // Signing out on purpose is not an expiry: the re-check below must not read it as one.
      wasSignedIn.current = false;
      // Everything the admin screens cached belongs to the session that ended.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === keys.session[0] && query.queryKey[1] !== keys.session[1] });
      queryClient.setQueryData(keys.session, null);
      setNotice(message);
    },
    [queryClient],
  );

  useEffect(() => {
    const expireOn = (error: unknown) => {
      if (isUnauthorized(error) && queryClient.getQueryData(keys.session)) end(SESSION_EXPIRED_MESSAGE);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expireOn(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expireOn(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, end]);

  // Any admin call (a read of a list included) may have reset the idle timer: its answer says how many
  // minutes are left, so the warning follows the server at once, not only at the next re-check.
  useEffect(
    () =>
      readEveryAnswer((headers) => {
        const minutes = Number(headers.get(SESSION_MINUTES_HEADER) ?? NaN);
        if (!Number.isFinite(minutes)) return;
        const isContentEditing = headers.get(SESSION_CONTENT_EDITING_HEADER) === 'true';
        queryClient.setQueryData<SessionStatus | null>(keys.session, (current) =>
          current ? { ...current, minutesRemaining: minutes, isContentEditing } : current,
        );
      }),
    [queryClient],
  );

  useEffect(() => {
    if (wasSignedIn.current && !signedIn && session.isSuccess) setNotice((current) => current ?? SESSION_EXPIRED_MESSAGE);
    wasSignedIn.current = signedIn;
  }, [signedIn, session.isSuccess]);

  const context = useMemo(() => (session.data ? { status: session.data, signedOut: () => end(null) } : null), [session.data, end]);

  if (session.isPending) {
    return (
      <div role="status" className="flex min-h-[40vh] items-center justify-center">
        {/* Until the check answers this is the page's only content, so it is also its heading. */}
        <h1 className="text-lg font-medium text-slate-600">{checking}</h1>
      </div>
    );
  }

  if (!context) {
    if (signInElsewhere) return <SignInRequired {...signInElsewhere} notice={notice} />;
    return (
      <LoginForm
        notice={notice ?? (session.isError ? 'Login failed. Please try again.' : null)}
        onSignedIn={() => {
          setNotice(null);
          void queryClient.invalidateQueries({ queryKey: keys.session });
        }}
      />
    );
  }

  return <AdminSessionContext.Provider value={context}>{children}</AdminSessionContext.Provider>;
}

function SignInRequired({ title, text, link, notice }: SignInElsewhere & { notice: string | null }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      {notice && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {notice}
        </p>
      )}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <a href="/admin" className={`mt-6 ${buttonClass('primary')}`}>
        {link}
      </a>
    </div>
  );
}
