import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { isUnauthorized } from '../session';
import { serverFieldErrors, useFormErrors } from '../ui/field-errors';
import { Button } from '../ui/Button';

/** The messages of a 400, by field, joined for a form's alert. */
export function problemText(error: Error): string {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { error?: string; fields?: Record<string, string[]> };
      if (body.fields) return Object.values(body.fields).flat().join(' ');
      if (body.error) return body.error;
    } catch {
      /* not JSON */
    }
  }
  return 'That did not work. Please try again.';
}

/**
 * A form the server checks too (issue 44): each `missing` field (its message, by the input's name) is
 * marked under it before anything is sent, and each field a 400 names after, with the answer's messages
 * in the form's alert. Give `refused` to the save's onError and `submit(send)` to its MarkedForm's onSubmit.
 */
export function useCheckedForm(missing: Record<string, string>) {
  const [problem, setProblem] = useState<string | null>(null);
  const [rejected, setRejected] = useState<Record<string, string>>({});
  const marks = useFormErrors({ ...rejected, ...missing });
  return {
    problem,
    marks,
    refused: (error: Error) => {
      if (isUnauthorized(error)) return;
      setProblem(problemText(error));
      setRejected(serverFieldErrors(error));
      marks.mark();
    },
    submit: (send: () => void) => () => {
      setProblem(null);
      setRejected({});
      if (Object.keys(missing).length > 0) {
        // The alert says it too, as the server's answer would.
        setProblem(Object.values(missing).join(' '));
        return marks.mark();
      }
      send();
    },
  };
}

/** The foot of such a form: its alert, when there is one, and its save button. */
export function CheckedFormFoot({ problem, saving, label }: { problem: string | null; saving: boolean; label: string }) {
  return (
    <>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : label}
        </Button>
      </div>
    </>
  );
}
