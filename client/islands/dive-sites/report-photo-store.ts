/**
 * The photos of a condition report written offline (issue 45), kept in IndexedDB under the report's
 * Idempotency-Key until it is sent: localStorage holds only text, IndexedDB keeps Blobs as they are.
 */
const DB_NAME = 'adg-report-photos';
const STORE = 'photos';

export interface StoredPhoto {
  name: string;
  type: string;
  blob: Blob;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    db.close();
  }
}

/** Keeps a report's photos (Files are Blobs with a name: kept as Blobs, with their name and type beside). */
export function keepPhotos(key: string, files: File[]): Promise<unknown> {
  const photos: StoredPhoto[] = files.map((file) => ({ name: file.name, type: file.type, blob: file }));
  return run('readwrite', (store) => store.put(photos, key));
}

export async function keptPhotos(key: string): Promise<StoredPhoto[]> {
  return ((await run('readonly', (store) => store.get(key))) as StoredPhoto[] | undefined) ?? [];
}

export function dropPhotos(key: string): Promise<unknown> {
  return run('readwrite', (store) => store.delete(key));
}
