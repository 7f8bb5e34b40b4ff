import { useState, type FormEvent } from 'react';
import { login } from '../session';
import { Button } from '../ui/Button';
import { Card, CardContent } from '../ui/Card';
import { bindText } from '../ui/field-binding';

/** The sign-in form shown without a session (SPEC sections 2 and 5: password required). */
export function LoginForm({ notice, onSignedIn }: { notice: string | null; onSignedIn: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setPending(true);
    setError(null);
    const failure = await login(password);
    setPending(false);
    if (failure) {
      setError(failure);
      return;
    }
    setPassword('');
    onSignedIn();
  }

  const message = error ?? notice;
  return (
    <div className="mx-auto max-w-md py-10">
      <Card>
        <CardContent className="p-8">
          <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
          <p className="mt-1 text-sm text-slate-600">Enter the administrator password to manage the site.</p>
          <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
            {message && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {message}
              </p>
            )}
            <div>
              <label htmlFor="admin-password" className="block text-sm font-medium text-slate-800">
                Password
              </label>
              <input
                id="admin-password"
                type="password"
                autoComplete="current-password"
                required
                {...bindText(password, setPassword)}
                placeholder="Enter admin password"
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
            </div>
            <Button type="submit" disabled={pending}>
              {pending ? 'Logging in...' : 'Login'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
