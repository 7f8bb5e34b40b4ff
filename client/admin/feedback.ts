import { ApiError } from '../lib/api';
import { toast } from '../lib/toast';
import { isUnauthorized } from './session';

export type FailureTitle = 'Update Failed' | 'Creation Failed' | 'Deletion Failed';

/**
 * The failure toast of SPEC section 8 ('Creation Failed': 'Failed to create blog post. Please try
 * again.'). A 400 or 409 carries the server's validation message (SPEC section 5), which tells the
 * administrator what to fix. A 401 is not toasted: AdminSessionGate signs the screen out on it.
 */
export function reportFailure(error: unknown, title: FailureTitle, description: string, options: { preferServerMessage?: boolean } = {}): void {
  if (isUnauthorized(error)) return;
  const serverMessage = error instanceof ApiError ? error.serverMessage : null;
  const fixable = error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 422);
  const useServer = serverMessage && (fixable || options.preferServerMessage);
  toast({ title, description: useServer ? serverMessage : description, variant: 'destructive' });
}

export function reportSuccess(title: string, description?: string): void {
  toast({ title, description });
}

export function reportMissing(description: string): void {
  toast({ title: 'Missing Information', description, variant: 'destructive' });
}
