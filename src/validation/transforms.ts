import { Transform } from 'class-transformer';

/** Text fields arrive trimmed; anything that is not text is left for the validators to refuse. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** An optional text field left blank means 'none': '' and whitespace become null. */
export const BlankToNull = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value));

/** An optional field left blank is as if it was not sent. */
export const BlankToUndefined = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value));
