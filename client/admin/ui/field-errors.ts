import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';

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

const NONE: Readonly<Record<string, string>> = {};

/**
 * A form's field errors as the administrator tries to save (issue 44): nothing is marked until a save is
 * tried; from then on `errors` follows the form as it is filled in (a fixed field loses its mark), and each
 * stopped try moves focus to the first field to fix. `problems` are the fields that would stop a save now,
 * by name. Put `ref` on the form, `errors` in a FieldErrors provider around it, and call `check()` on submit.
 */
export function useFormErrors<E extends HTMLElement = HTMLFormElement>(problems: Readonly<Record<string, string>>) {
  const ref = useRef<E>(null);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (tries > 0) focusFirstInvalid(ref.current);
  }, [tries]);
  return {
    ref,
    errors: tries > 0 ? problems : NONE,
    /** True when nothing stops the save; else marks the fields and moves focus to the first. */
    check: (): boolean => {
      if (Object.keys(problems).length === 0) return true;
      setTries((count) => count + 1);
      return false;
    },
    /** Marks the fields and moves focus to the first, for a form that decides itself what stops it. */
    mark: () => setTries((count) => count + 1),
    /** After a save (or a reset): no marks until the next try. */
    clear: () => setTries(0),
  };
}

/**
 * The fields a 400 named (the server's `fields`: each field's messages), by the name of the form's input:
 * 'sources.0.url' is the 'sources' field's. Empty for any other failure.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const { fields } = JSON.parse(error.body) as { fields?: Record<string, string[]> };
    const found: Record<string, string> = {};
    for (const [path, messages] of Object.entries(fields ?? {})) {
      const name = path.split('.')[0];
      if (messages[0] && !found[name]) found[name] = messages[0];
    }
    return found;
  } catch {
    return {};
  }
}
