/** The one JSON error shape of the API: `error` is the user-facing message the client shows. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** For validation errors: the messages of each field that failed. */
  fields?: Record<string, string[]>;
}

export function errorBody(statusCode: number, message: string, fields?: Record<string, string[]>): ErrorBody {
  return fields ? { statusCode, error: message, message, fields } : { statusCode, error: message, message };
}
