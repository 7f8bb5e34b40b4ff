import { LRUCache } from 'lru-cache';

/** What one remembered visit costs beyond its key's characters: its expiry and the cache's slots for it. */
const ENTRY_OVERHEAD_BYTES = 96;

/** The bounds of a RecentVisits, and what it holds now. */
export interface RecentVisitsUse {
  visits: number;
  bytes: number;
  maxVisits: number;
  maxBytes: number;
}

/**
 * The visits (a visitor's key for one page) counted in the last `windowMs`, so a repeat within it counts
 * once. Bounded in entries and in bytes (lru-cache: the least recently seen visit goes first), so a flood
 * of made-up visitors costs a fixed amount of memory: a visit pushed out early may count again, which is
 * all a flood can win. Expiry is by the caller's clock (the site's injectable Clock), not the cache's own.
 */
export class RecentVisits {
  private readonly visits: LRUCache<string, number>;

  constructor(
    private readonly windowMs: number,
    readonly maxVisits: number,
    readonly maxBytes: number,
  ) {
    this.visits = new LRUCache<string, number>({
      max: maxVisits,
      maxSize: maxBytes,
      sizeCalculation: (_until, key) => ENTRY_OVERHEAD_BYTES + 2 * key.length,
    });
  }

  /** True when `key` was not seen in the window before `now` (then it is remembered from `now` on). */
  first(key: string, now: number): boolean {
    const until = this.visits.get(key);
    if (until !== undefined && until > now) return false;
    this.visits.set(key, now + this.windowMs);
    return true;
  }

  /** Forgets the visits whose window has passed. */
  prune(now: number): void {
    const passed: string[] = [];
    for (const [key, until] of this.visits.entries()) if (until <= now) passed.push(key);
    for (const key of passed) this.visits.delete(key);
  }

  get use(): RecentVisitsUse {
    return { visits: this.visits.size, bytes: this.visits.calculatedSize, maxVisits: this.maxVisits, maxBytes: this.maxBytes };
  }
}
