/**
 * Toasts (SPEC section 9): one visible at a time, a new one replaces the previous; shown 5000 ms;
 * swipe right to dismiss (50 px); F8 focuses the toast area. Any island calls toast(); the toaster
 * itself is a separate React root created on the first call, so pages without toasts never load it.
 */
import { publishToast, type ToastOptions } from './toast-bus';

let mounting: Promise<void> | null = null;

export function toast(options: ToastOptions): void {
  if (publishToast(options) || typeof document === 'undefined') return;
  mounting ??= import('./Toaster.js').then(({ mountToaster }) => mountToaster());
}
