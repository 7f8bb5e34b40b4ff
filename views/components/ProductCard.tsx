import type { CheckedOffer } from 'core/outbound';
import { AffiliateButton } from './AffiliateButton';
import { CardImage } from './ResponsiveImage';

export interface ProductCardItem {
  id: number;
  name: string;
  category: string;
  description: string;
  /** decimal text, AUD */
  price: string | null;
  rating: string | null;
  reviewCount: number;
  affiliateLink: string;
  imageUrl: string;
  /** The price checked on the page the affiliate link leads to (issue 47); absent when none was. */
  offer?: CheckedOffer | null;
}

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** A product as /gear-reviews?search= shows it: what the global search's product result leads to. */
export function ProductCard({ product }: { product: ProductCardItem }) {
  const rating = product.rating === null ? null : Number(product.rating);
  return (
    <article id={`product-${product.id}`} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <CardImage src={product.imageUrl} fallback="box" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-cyan-800">Product · {product.category}</p>
        <h3 className="text-lg font-bold leading-snug text-slate-900">{product.name}</h3>
        {rating !== null && (
          <p className="text-sm text-slate-700">
            <span aria-hidden="true" className="text-amber-600">
              ★{' '}
            </span>
            {`Rated ${rating} out of 5${product.reviewCount > 0 ? ` from ${product.reviewCount.toLocaleString('en-AU')} buyer ${product.reviewCount === 1 ? 'rating' : 'ratings'}` : ''}`}
          </p>
        )}
        <p className="text-sm text-slate-600">{product.description}</p>
        {product.price !== null && <p className="mt-auto pt-3 text-sm font-semibold text-slate-800">{aud.format(Number(product.price))} (AUD)</p>}
        {product.affiliateLink && <AffiliateButton href={product.affiliateLink} name={product.name} offer={product.offer ?? null} />}
      </div>
    </article>
  );
}
