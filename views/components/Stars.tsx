/** A rating as a star and its number, e.g. ★ 4.5 (SPEC: 'rating with a star'). */
export function Stars({ rating }: { rating: string | null }) {
  if (!rating) return null;
  const value = /^★+$/.test(rating) ? String(rating.length) : rating;
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-amber-600" aria-label={`Rated ${value} out of 5`}>
      <span aria-hidden="true">★</span>
      <span className="text-slate-800">{value}</span>
    </span>
  );
}
