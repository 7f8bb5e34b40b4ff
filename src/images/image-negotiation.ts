/**
 * AVIF or WebP only when the Accept header names it (with a q above 0): a wildcard says nothing about
 * which formats a client decodes. Between the two, the higher q wins, AVIF (the smaller) on a tie.
 */
export function preferredFormat(accept: string | undefined): 'avif' | 'webp' | null {
  if (!accept) return null;
  const weights: Record<string, number> = {};
  for (const part of accept.toLowerCase().split(',')) {
    const [type, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (type === 'image/avif' || type === 'image/webp') weights[type] = Number.isFinite(weight) ? weight : 0;
  }
  const avif = weights['image/avif'] ?? 0;
  const webp = weights['image/webp'] ?? 0;
  if (avif > 0 && avif >= webp) return 'avif';
  if (webp > 0) return 'webp';
  return null;
}
