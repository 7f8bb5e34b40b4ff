/**
 * Where toasts meet the toaster: toast() publishes here and the toaster subscribes, so the toaster's
 * code (React, Radix) loads only when the first toast is shown. Toasts published before it is ready wait.
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

export function subscribeToToasts(fn: Listener): () => void {
  listener = fn;
  queued.splice(0).forEach(fn);
  return () => {
    if (listener === fn) listener = null;
  };
}

/** Hands a toast to the toaster; false when none is listening yet (it is queued). */
export function publishToast(options: ToastOptions): boolean {
  const item = { ...options, id: nextId++ };
  if (listener) {
    listener(item);
    return true;
  }
  queued.push(item);
  return false;
}
