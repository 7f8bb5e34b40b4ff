import type { ReactNode } from 'react';

/** What a public form's field gives its control: its id, its error's mark and the shared look. */
export interface ControlAttributes {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  className: string;
}

/**
 * A field of a public island form (a site's report, a correction): the label, the control the children
 * draw with `attributes`, and the field's error under it. Its id is `{form}-{name}`.
 */
export function PublicFormField({
  form,
  name,
  label,
  error,
  className,
  children,
}: {
  form: string;
  name: string;
  label: string;
  error?: string;
  className?: string;
  children: (attributes: ControlAttributes) => ReactNode;
}) {
  const id = `${form}-${name}`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': !!error,
        'aria-describedby': error ? `${id}-error` : undefined,
        className: 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900',
      })}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The fields a 400 names, each with its first message; null for any other answer. */
export function fieldsOf400<F extends string>(body: string): Partial<Record<F, string>> | null {
  try {
    const parsed = JSON.parse(body) as { fields?: Record<string, string[]> };
    return parsed.fields
      ? (Object.fromEntries(Object.entries(parsed.fields).map(([name, messages]) => [name, messages[0]])) as Partial<Record<F, string>>)
      : null;
  } catch {
    return null;
  }
}

/** A public form's send button: 'Sending...' while it sends. */
export function SendButton({ sending, children }: { sending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={sending}
      className="inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800 disabled:opacity-60"
    >
      {sending ? 'Sending...' : children}
    </button>
  );
}
