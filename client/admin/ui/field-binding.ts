/** The keys of a form whose values are text. */
export type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * Binds an input to one text field of a form held as one object: `{...field('title')}` gives the input
 * the field's value and an onChange that hands on the form with it changed.
 */
export const fieldBinder =
  <F>(form: F, onChange: (form: F) => void) =>
  (key: TextKey<F>) => ({
    value: form[key] as string,
    onChange: (event: { target: { value: string } }) => onChange({ ...form, [key]: event.target.value }),
  });

/**
 * Binds an input to a text held in its own state: `{...bindText(title, setTitle)}` gives the input the
 * value and an onChange that sets it.
 */
export const bindText = (value: string, set: (value: string) => void) => ({
  value,
  onChange: (event: { target: { value: string } }) => set(event.target.value),
});
