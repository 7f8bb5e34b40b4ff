import { useFieldError } from './field-errors';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const control =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-cyan-600 focus:outline-none focus:ring-2 focus:ring-cyan-600/30';

interface FieldFrame {
  label: string;
  /** Marks the field with an asterisk, outside the label so that the field's name stays 'Title'. */
  required?: boolean;
  hint?: ReactNode;
  warning?: string | null;
  /** What stops the form's save at this field (its form's FieldErrors, by the field's name). */
  error?: string | null;
}

function Frame({ id, label, required, hint, warning, error, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div>
      <div className="flex gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {warning && (
        <p id={`${id}-warning`} role="alert" className="mt-1 text-sm text-amber-700">
          {warning}
        </p>
      )}
      {error && <FieldErrorMessage id={`${id}-error`}>{error}</FieldErrorMessage>}
    </div>
  );
}

/** A field's error under it, in red, named by the field's aria-describedby. */
export function FieldErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

const describedBy = (id: string, { hint, warning, error }: FieldFrame) =>
  [hint && `${id}-hint`, warning && `${id}-warning`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function TextField({ label, required, hint, warning, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const error = useFieldError(input.name);
  return (
    <Frame id={id} label={label} required={required} hint={hint} warning={warning} error={error}>
      <input
        id={id}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, { label, hint, warning, error })}
        aria-invalid={warning || error ? true : undefined}
        className={control}
        {...input}
      />
    </Frame>
  );
}

export function TextAreaField({ label, required, hint, warning, ...textarea }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const error = useFieldError(textarea.name);
  return (
    <Frame id={id} label={label} required={required} hint={hint} warning={warning} error={error}>
      <textarea
        id={id}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, { label, hint, warning, error })}
        aria-invalid={error ? true : undefined}
        className={control}
        {...textarea}
      />
    </Frame>
  );
}

export function SelectField({ label, required, hint, warning, children, ...select }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const error = useFieldError(select.name);
  return (
    <Frame id={id} label={label} required={required} hint={hint} warning={warning} error={error}>
      <select
        id={id}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, { label, hint, warning, error })}
        aria-invalid={error ? true : undefined}
        className={control}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-10 items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-5 w-5 rounded border-slate-300 text-cyan-700"
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
