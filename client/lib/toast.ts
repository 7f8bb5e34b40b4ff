/**
 * Toasts (SPEC section 9): one visible at a time, a new one replaces the previous; shown 5000 ms;
 * swipe right to dismiss (50 px); F8 focuses the toast area. Any island calls toast(); the toaster
 * itself is a separate React root created on the first call, so pages without toasts never load it.
 */
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastOptions {
  id: number;
}

type Listener = (toast: ToastItem) => void;

let nextId = 1;
let listener: Listener | null = null;
const queued: ToastItem[] = [];
let mounting: Promise<void> | null = null;

export function subscribeToToasts(fn: Listener): () => void {
  listener = fn;
  queued.splice(0).forEach(fn);
  return () => {
    if (listener === fn) listener = null;
  };
}

export function toast(options: ToastOptions): void {
  const item = { ...options, id: nextId++ };
  if (listener) listener(item);
  else queued.push(item);
  if (typeof document !== 'undefined' && !listener) {
    mounting ??= import('./Toaster.js').then(({ mountToaster }) => mountToaster());
  }
}
