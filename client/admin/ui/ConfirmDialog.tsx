import * as Dialog from '@radix-ui/react-dialog';
import { Button } from './Button';

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel?: string;
  /** 'destructive' (the default) for what cannot be undone; 'primary' for a public action such as publishing. */
  tone?: 'destructive' | 'primary';
  onConfirm: () => void;
}

/**
 * The one confirm dialog of the dashboard (issue 44): every irreversible or public action asks here first
 * (deleting, publishing, unpublishing, rejecting a reader's correction, sending an issue). Closed when
 * `request` is null.
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  return (
    <Dialog.Root open={!!request} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{request?.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">{request?.description}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            <Button
              variant={request?.tone ?? 'destructive'}
              onClick={() => {
                request?.onConfirm();
                onClose();
              }}
            >
              {request?.confirmLabel ?? 'Delete'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
