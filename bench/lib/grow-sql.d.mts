// Types of grow-sql.mjs for the TypeScript test that runs it (test/api/grown-database.spec.ts).
import type { Client } from 'pg';

export interface ScaleCounts {
  sites: number;
  articles: number;
  reviews: number;
  comments: number;
  ratings: number;
  subscribers: number;
  media: number;
}

export function scaleCounts(factor: number): ScaleCounts;
export function growthStatements(counts: Partial<ScaleCounts>): string[];
export function growDatabase(client: Pick<Client, 'query'>, counts: Partial<ScaleCounts>): Promise<ScaleCounts>;
