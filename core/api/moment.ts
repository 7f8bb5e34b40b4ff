/**
 * A point in time in an API answer. On the wire (what the browser reads) it is ISO 8601 text, the
 * default; the server's mappers and views hold it as a `Date` until the answer is serialised.
 */
export type Moment = Date | string;
