import type { ReactNode, Ref } from 'react';
import { FieldErrors } from './field-errors';

/**
 * An admin form that marks its own fields (issue 44): `errors` (by field name) shown under its fields,
 * the browser's own checks off, and a submit that stays on the page and calls `onSubmit`.
 */
export function MarkedForm({
  errors,
  formRef,
  className,
  label,
  onSubmit,
  children,
}: {
  errors: Readonly<Record<string, string>>;
  formRef?: Ref<HTMLFormElement>;
  className: string;
  /** The form's accessible name, where a page holds more than one. */
  label?: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <FieldErrors.Provider value={errors}>
      <form
        ref={formRef}
        noValidate
        aria-label={label}
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </FieldErrors.Provider>
  );
}
