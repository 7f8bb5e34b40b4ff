import type { Paced } from './link-checker';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One queue a host: a host's requests run one after another, each starting `intervalMs` after the one
 * before it was answered (or failed), so a shop sees them at least that far apart whatever the network
 * does; requests to different hosts do not wait on each other.
 */
export function hostPacer(intervalMs: number): Paced {
  const queues = new Map<string, Promise<unknown>>();
  return <T>(host: string, request: () => Promise<T>): Promise<T> => {
    const result = (queues.get(host) ?? Promise.resolve()).then(request);
    queues.set(
      host,
      result.then(
        () => sleep(intervalMs),
        () => sleep(intervalMs),
      ),
    );
    return result;
  };
}
