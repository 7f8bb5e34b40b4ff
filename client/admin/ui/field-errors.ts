import { createContext, useContext } from 'react';

/**
 * The messages of a form's fields that stop its save, by the field's name (issue 44: a form says what is
 * wrong where it is wrong). A form provides them; each field reads its own (its input's `name`), marks
 * itself `aria-invalid` and shows the message under it.
 */
export const FieldErrors = createContext<Readonly<Record<string, string>>>({});

export function useFieldError(name: string | undefined): string | null {
  const errors = useContext(FieldErrors);
  return name ? (errors[name] ?? null) : null;
}

/** Moves focus to the first field marked invalid in `form` (in the order the form shows them). */
export function focusFirstInvalid(form: HTMLElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
