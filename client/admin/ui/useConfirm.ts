import { useState } from 'react';
import type { ConfirmRequest } from './ConfirmDialog';

/** State for one ConfirmDialog: ask(...) opens it, the dialog closes itself. */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  return { request, ask: setRequest, close: () => setRequest(null) };
}
