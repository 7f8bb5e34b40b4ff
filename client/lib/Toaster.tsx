import * as ToastPrimitive from '@radix-ui/react-toast';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { subscribeToToasts, type ToastItem } from './toast-bus';

export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const [current, setCurrent] = useState<(ToastItem & { open: boolean }) | null>(null);

  useEffect(() => subscribeToToasts((item) => setCurrent({ ...item, open: true })), []);

  useEffect(() => {
    // Removed from the DOM 5000 ms after it was dismissed.
    if (!current || current.open) return;
    const timer = setTimeout(() => setCurrent((now) => (now && now.id === current.id ? null : now)), 5000);
    return () => clearTimeout(timer);
  }, [current]);

  const destructive = current?.variant === 'destructive';
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => setCurrent((now) => (now && now.id === current.id ? { ...now, open } : now))}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-xl p-4 pr-10 shadow-lg ring-1 data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            destructive ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-slate-900 ring-slate-200'
          }`}
          data-variant={current.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className={`text-sm ${destructive ? 'text-white' : 'text-slate-600'}`}>
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className={`absolute right-2 top-2 rounded p-1 ${destructive ? 'text-white/80 hover:text-white' : 'text-slate-500 hover:text-slate-900'}`}
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}

export function mountToaster(): void {
  const host = document.createElement('div');
  host.id = 'toaster';
  document.body.appendChild(host);
  createRoot(host).render(<Toaster />);
}
